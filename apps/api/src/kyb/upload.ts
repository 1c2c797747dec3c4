import { KYB_DOCUMENT_KINDS, type KybDocumentKind } from "@vela/shared/kyb";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError, InvalidDataError } from "../http/errors";
import {
  type CleanDocument,
  cleanDocument,
  type DocumentProblem,
} from "../providers/verification/document-images";
import { KYB_MESSAGES as M } from "./messages-es";

const PROBLEM_TEXT: Record<DocumentProblem, string> = {
  type: M.documentType,
  too_large: M.documentTooLarge,
  too_small: M.documentTooSmall,
  unreadable: M.documentUnreadable,
};

const isKind = (value: string): value is KybDocumentKind =>
  (KYB_DOCUMENT_KINDS as readonly string[]).includes(value);

/**
 * Reads a business document upload: a "kind" field and one file in "file" (the routes' multipart
 * limits stop anything larger than 8 MB or with more parts), then checks the file as the
 * verification documents are checked (`cleanDocument`: its real type by its content, its size,
 * an image re-encoded without its metadata).
 */
export async function readBusinessDocument(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<{ kind: KybDocumentKind; document: CleanDocument }> {
  if (!request.isMultipart()) throw new InvalidDataError({ file: [M.documentMissing] });
  let kind: string | undefined;
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        if (part.fieldname !== "file" || bytes) {
          part.file.resume();
          throw new InvalidDataError({ file: [M.documentOneFile] });
        }
        bytes = await part.toBuffer();
      } else if (part.fieldname === "kind") {
        kind = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const { RequestFileTooLargeError, FilesLimitError, PartsLimitError, FieldsLimitError } =
      app.multipartErrors;
    if (error instanceof RequestFileTooLargeError)
      throw new AppError(413, M.documentTooLarge, { file: [M.documentTooLarge] });
    if (
      error instanceof FilesLimitError ||
      error instanceof PartsLimitError ||
      error instanceof FieldsLimitError
    )
      throw new InvalidDataError({ file: [M.documentOneFile] });
    request.log.info({ err: error }, "unreadable business document upload");
    throw new InvalidDataError({ file: [M.documentUnreadable] });
  }
  const errors: Record<string, string[]> = {};
  if (kind === undefined || !isKind(kind)) errors.kind = [M.documentKind];
  if (!bytes || bytes.length === 0) errors.file = [M.documentMissing];
  if (Object.keys(errors).length > 0 || !bytes || kind === undefined || !isKind(kind))
    throw new InvalidDataError(errors);
  const cleaned = await cleanDocument(bytes);
  if ("problem" in cleaned) {
    const message = PROBLEM_TEXT[cleaned.problem];
    if (cleaned.problem === "too_large") throw new AppError(413, message, { file: [message] });
    throw new InvalidDataError({ file: [message] });
  }
  return { kind, document: cleaned };
}
