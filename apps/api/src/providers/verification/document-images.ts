import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";

/**
 * What a document upload must be, by its content (never its name or declared type): a JPEG, PNG or
 * PDF of at most 8 MB; an image at least 300 pixels on its shorter side. Images are re-encoded, which
 * drops every metadata block (EXIF with its GPS position and camera, XMP, ICC comments) after
 * applying the EXIF orientation; a PDF is kept as it is (it is never served back).
 */
export const DOCUMENT_MAX_BYTES = 8 * 1024 * 1024;
export const DOCUMENT_MIN_SIDE_PX = 300;
/** Keeps a decompression bomb from being decoded: 40 megapixels covers any phone camera. */
const MAX_PIXELS = 40_000_000;

export type DocumentProblem = "type" | "too_large" | "too_small" | "unreadable";

export type CleanDocument = {
  mimeType: "image/jpeg" | "image/png" | "application/pdf";
  bytes: Buffer;
  widthPx: number | null;
  heightPx: number | null;
};

export async function cleanDocument(
  bytes: Buffer,
  options: { imageOnly?: boolean } = {},
): Promise<CleanDocument | { problem: DocumentProblem }> {
  if (bytes.length > DOCUMENT_MAX_BYTES) return { problem: "too_large" };
  const detected = await fileTypeFromBuffer(bytes);
  const mime = detected?.mime;
  if (mime === "application/pdf" && !options.imageOnly) {
    return { mimeType: "application/pdf", bytes, widthPx: null, heightPx: null };
  }
  if (mime !== "image/jpeg" && mime !== "image/png") return { problem: "type" };
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: "error" });
    const metadata = await image.metadata();
    const shorter = Math.min(metadata.width ?? 0, metadata.height ?? 0);
    if (shorter < DOCUMENT_MIN_SIDE_PX) return { problem: "too_small" };
    // rotate() applies the EXIF orientation; sharp writes no metadata unless asked (withMetadata).
    const rotated = image.rotate();
    const { data, info } = await (mime === "image/jpeg"
      ? rotated.jpeg({ quality: 90 })
      : rotated.png()
    ).toBuffer({ resolveWithObject: true });
    return { mimeType: mime, bytes: data, widthPx: info.width, heightPx: info.height };
  } catch {
    return { problem: "unreadable" };
  }
}
