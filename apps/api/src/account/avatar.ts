import { AVATAR_MAX_BYTES, AVATAR_MAX_SIDE_PX, AVATAR_MIME_TYPES } from "@vela/shared/auth";
import { and, eq, ne, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { fileTypeFromBuffer } from "file-type";
import { imageSize } from "image-size";
import type { Db } from "../db/client";
import { avatars, users } from "../db/schema/index";
import { AppError, BadRequestError, InvalidDataError } from "../http/errors";

export type AvatarMimeType = (typeof AVATAR_MIME_TYPES)[number];
export type AvatarImage = { mimeType: AvatarMimeType; bytes: Buffer };

/** The multipart field the picture comes in. */
export const AVATAR_FIELD = "avatar";

const NOT_AN_IMAGE = "The avatar must be a PNG, JPEG or WebP image.";
const TOO_HEAVY = `The avatar must be at most ${AVATAR_MAX_BYTES / (1024 * 1024)} MB.`;
const TOO_WIDE = `The avatar must be at most ${AVATAR_MAX_SIDE_PX}×${AVATAR_MAX_SIDE_PX} pixels.`;
const NO_FILE = "Choose an image to upload.";

/** What image-size calls each accepted format, to check both readers agree on what the bytes are. */
const SIZE_TYPE: Record<AvatarMimeType, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
};

const isAvatarMimeType = (mime: string): mime is AvatarMimeType =>
  (AVATAR_MIME_TYPES as readonly string[]).includes(mime);

const fieldError = (message: string) => new InvalidDataError({ [AVATAR_FIELD]: [message] });

/**
 * Reads the one file of a multipart upload into memory (at most 2 MiB, the plugin's limit). Every
 * part is read, so a second file is refused rather than silently dropped. Anything that goes
 * wrong while reading is the upload's fault, so it is answered as such.
 */
export async function readAvatarUpload(app: FastifyInstance, request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw fieldError(NO_FILE);
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== "file") continue;
      if (part.fieldname !== AVATAR_FIELD) {
        // Drain the part so the request ends cleanly, then say which field was expected.
        part.file.resume();
        throw fieldError(`Send the image in the "${AVATAR_FIELD}" field.`);
      }
      bytes = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const { RequestFileTooLargeError, FilesLimitError, PartsLimitError, FieldsLimitError } =
      app.multipartErrors;
    if (error instanceof RequestFileTooLargeError) {
      throw new AppError(413, TOO_HEAVY, { [AVATAR_FIELD]: [TOO_HEAVY] });
    }
    if (
      error instanceof FilesLimitError ||
      error instanceof PartsLimitError ||
      error instanceof FieldsLimitError
    ) {
      throw fieldError("Send only the image, in one file.");
    }
    request.log.info({ err: error }, "unreadable avatar upload");
    throw new BadRequestError("The upload could not be read.", {
      [AVATAR_FIELD]: ["The upload could not be read."],
    });
  }
  if (!bytes) throw fieldError(NO_FILE);
  return bytes;
}

/**
 * Accepts the bytes only when their content is a PNG, JPEG or WebP image whose header gives sane
 * dimensions; the file's name and the declared content type are never trusted.
 */
export async function inspectAvatar(bytes: Buffer): Promise<AvatarImage> {
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !isAvatarMimeType(detected.mime)) throw fieldError(NOT_AN_IMAGE);
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    throw fieldError(NOT_AN_IMAGE);
  }
  if (size.type !== SIZE_TYPE[detected.mime] || !(size.width > 0) || !(size.height > 0)) {
    throw fieldError(NOT_AN_IMAGE);
  }
  if (size.width > AVATAR_MAX_SIDE_PX || size.height > AVATAR_MAX_SIDE_PX) throw fieldError(TOO_WIDE);
  return { mimeType: detected.mime, bytes };
}

/**
 * Stores the picture and points the user at it; the previous picture goes in the same transaction.
 * The user's row is locked first so two uploads at once end with one picture, not an orphan.
 */
export async function replaceAvatar(db: Db, userId: number, image: AvatarImage): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [created] = await tx
      .insert(avatars)
      .values({ userId, mimeType: image.mimeType, bytes: image.bytes })
      .returning({ id: avatars.id });
    if (!created) throw new Error("The avatar insert returned no row");
    await tx.update(users).set({ avatarId: created.id, updatedAt: sql`now()` }).where(eq(users.id, userId));
    await tx.delete(avatars).where(and(eq(avatars.userId, userId), ne(avatars.id, created.id)));
    return created.id;
  });
}

export async function findAvatar(db: Db, id: string) {
  const [row] = await db
    .select({ mimeType: avatars.mimeType, bytes: avatars.bytes })
    .from(avatars)
    .where(eq(avatars.id, id));
  if (!row) return undefined;
  // PGlite answers bytea as a Uint8Array, node-postgres as a Buffer; replies want a Buffer.
  return { mimeType: row.mimeType, bytes: Buffer.isBuffer(row.bytes) ? row.bytes : Buffer.from(row.bytes) };
}
