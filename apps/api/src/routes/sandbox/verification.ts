import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { NotFoundError } from "../../http/errors";
import {
  type CleanDocument,
  cleanDocument,
  DOCUMENT_MAX_BYTES,
} from "../../providers/verification/document-images";
import type { DocumentSide } from "../../providers/verification/document-store";
import {
  documentTypesOf,
  type SandboxDocumentType,
  type SandboxVerification,
  type SdkSession,
} from "../../providers/verification/sandbox-verification";
import { SDK_RETURN_PATH } from "../../verification/service";
import { escapeHtml, renderPage, sendPage } from "./page";
import { SDK_TEXTS, type SdkLanguage } from "./verification-texts";

const TOKEN = z.string().regex(/^sbx_act_[A-Za-z0-9_-]{43}$/);
const tokenParams = z.object({ token: TOKEN });

type Texts = (typeof SDK_TEXTS)[SdkLanguage];
type FieldErrors = Record<string, string>;

const languageQuery = z.object({ language: z.enum(["en", "es"]) });
/** A page form's fields as text (urlencoded bodies parse to strings; anything else counts as empty). */
const formFields = z.record(z.string(), z.string());
const formOf = (body: unknown) => formFields.safeParse(body ?? {}).data ?? {};

/** The page's language: `?language=` first, then the browser's Accept-Language. */
function languageOf(request: FastifyRequest): SdkLanguage {
  const asked = languageQuery.safeParse(request.query).data?.language;
  if (asked) return asked;
  const accept = request.headers["accept-language"];
  return typeof accept === "string" && /^\s*es\b/i.test(accept) ? "es" : "en";
}

const EXTRA_STYLE = `<style>
  fieldset{border:0;padding:0;margin:0 0 1rem}legend{font-weight:600;margin:0 0 .5rem}
  .choice{display:flex;align-items:center;gap:.6rem;font-weight:400;padding:.6rem .7rem;border:1px solid #adb5bd;border-radius:8px;margin:0 0 .5rem;min-height:44px}
  .choice input{width:auto;margin:0}
  input[type=file]{padding:.5rem}
  .error{color:#c92a2a;font-size:.9rem;margin:-.75rem 0 1rem}
  .step{color:#5c5f66;font-size:.875rem;margin:0 0 .5rem}
  a.primary{display:inline-block;text-decoration:none;border-radius:8px;padding:.7rem 1.1rem;font-weight:600}
</style>`;

const STEP_NUMBER = { document: 1, images: 2, selfie: 3, personal: 4, submitted: 4 } as const;
/** The enhanced flow (proof of address or funds) has no selfie: its details are step 3 of 3. */
const stepOf = (session: SdkSession) =>
  session.flow === "enhanced"
    ? { number: Math.min(STEP_NUMBER[session.step], 3), total: 3 }
    : { number: STEP_NUMBER[session.step], total: 4 };

function errorLine(id: string, message: string | undefined) {
  return message ? `<p class="error" id="${id}-error" role="alert">${escapeHtml(message)}</p>` : "";
}

function field(
  name: string,
  label: string,
  options: { type?: string; value?: string; error?: string; autocomplete?: string },
) {
  const describedBy = options.error ? ` aria-describedby="${name}-error" aria-invalid="true"` : "";
  return `<label for="${name}">${escapeHtml(label)}</label>
<input id="${name}" name="${name}" type="${options.type ?? "text"}" required value="${escapeHtml(options.value ?? "")}"${
    options.autocomplete ? ` autocomplete="${options.autocomplete}"` : ""
  }${describedBy}>
${errorLine(name, options.error)}`;
}

function fileField(name: DocumentSide, label: string, error: string | undefined, accept: string) {
  const describedBy = error ? ` aria-describedby="${name}-error" aria-invalid="true"` : "";
  return `<label for="${name}">${escapeHtml(label)}</label>
<input id="${name}" name="${name}" type="file" required accept="${accept}"${describedBy}>
${errorLine(name, error)}`;
}

function stepBody(
  session: SdkSession,
  texts: Texts,
  language: SdkLanguage,
  action: (path: string) => string,
  returnUrl: string,
  state: { errors?: FieldErrors; values?: Record<string, string> } = {},
): string {
  const errors = state.errors ?? {};
  const values = state.values ?? {};
  const { number, total } = stepOf(session);
  const head = `<p class="step">${escapeHtml(texts.step(number, total))}</p>`;
  switch (session.step) {
    case "document": {
      const choices = documentTypesOf(session.flow)
        .map(
          (type, index) =>
            `<label class="choice"><input type="radio" name="document_type" value="${type.slug}"${index === 0 ? " required" : ""}> ${escapeHtml(texts.documentTypes[type.slug])}</label>`,
        )
        .join("\n");
      return `${head}<form method="post" action="${action("document")}">
<fieldset><legend>${escapeHtml(texts.chooseDocument)}</legend>
${choices}
${errorLine("document_type", errors.document_type)}
</fieldset>
<button class="primary" type="submit">${escapeHtml(texts.continue)}</button>
</form>`;
    }
    case "images":
      return `${head}<form method="post" enctype="multipart/form-data" action="${action("upload")}">
${session.missingSides.map((side) => fileField(side, side === "front" ? texts.front : texts.back, errors[side], "image/jpeg,image/png,application/pdf")).join("\n")}
<button class="primary" type="submit">${escapeHtml(texts.continue)}</button>
</form>`;
    case "selfie":
      return `${head}<form method="post" enctype="multipart/form-data" action="${action("upload")}">
${fileField("selfie", texts.selfie, errors.selfie, "image/jpeg,image/png")}
<button class="primary" type="submit">${escapeHtml(texts.continue)}</button>
</form>`;
    case "personal":
      return `${head}<p class="note">${escapeHtml(texts.note)}</p>
<form method="post" action="${action("personal")}" novalidate>
${field("first_name", texts.firstName, { value: values.first_name, error: errors.first_name, autocomplete: "given-name" })}
${field("last_name", texts.lastName, { value: values.last_name, error: errors.last_name, autocomplete: "family-name" })}
${field("date_of_birth", texts.dateOfBirth, { type: "date", value: values.date_of_birth, error: errors.date_of_birth, autocomplete: "bday" })}
${field("document_number", texts.documentNumber, { value: values.document_number, error: errors.document_number })}
<button class="primary" type="submit">${escapeHtml(texts.submit)}</button>
</form>`;
    default:
      return `<p>${escapeHtml(texts.submittedText)}</p>
<p><a class="primary" href="${escapeHtml(returnUrl)}" lang="${language}">${escapeHtml(texts.back_to_app)}</a></p>`;
  }
}

/** Whether a date of birth is a real past date of someone at least 18 and at most 120. */
function adultBirthDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
  const now = new Date();
  const eighteen = new Date(Date.UTC(now.getUTCFullYear() - 18, now.getUTCMonth(), now.getUTCDate()));
  const oldest = new Date(Date.UTC(now.getUTCFullYear() - 120, 0, 1));
  return date <= eighteen && date >= oldest;
}

/**
 * The sandbox's hosted SDK page (Sumsub's WebSDK stand-in), reached with the access token in its
 * address: document type, the document's sides, a selfie, then the personal data, whose document
 * number decides the review. Plain HTML forms (no script), in English or Spanish, phone-width.
 */
export async function sandboxVerificationRoutes(
  app: FastifyInstance,
  { verification }: { verification: SandboxVerification },
) {
  // Uploads are read by these routes only: at most two files of 8 MB and a few small fields.
  await app.register(multipart, {
    limits: { fileSize: DOCUMENT_MAX_BYTES, files: 2, fields: 4, fieldSize: 1024, parts: 6, headerPairs: 50 },
  });
  const returnUrl = `${app.config.PUBLIC_APP_URL}${SDK_RETURN_PATH}`;
  const base = "/api/sandbox/verification/sdk";

  const render = (
    reply: FastifyReply,
    token: string,
    session: SdkSession,
    language: SdkLanguage,
    state: { errors?: FieldErrors; values?: Record<string, string> } = {},
    status = 200,
  ) => {
    const texts = SDK_TEXTS[language];
    const action = (path: string) => `${base}/${encodeURIComponent(token)}/${path}?language=${language}`;
    const body = EXTRA_STYLE + stepBody(session, texts, language, action, returnUrl, state);
    return sendPage(
      reply,
      renderPage({ title: texts.titles[session.step], brand: texts.brand, body, lang: language }),
      returnUrl,
      status,
    );
  };

  const sessionOr404 = async (token: string) => {
    const session = await verification.session(token);
    if (!session) throw new NotFoundError("The verification link has expired. Start again from Vela.");
    return session;
  };

  const back = (reply: FastifyReply, token: string, language: SdkLanguage) =>
    reply.redirect(`${base}/${encodeURIComponent(token)}?language=${language}`, 303);

  app.get(
    "/sandbox/verification/sdk/:token",
    { schema: { params: tokenParams, produces: ["text/html"] } },
    async (request, reply) => {
      const { token } = tokenParams.parse(request.params);
      return render(reply, token, await sessionOr404(token), languageOf(request));
    },
  );

  app.post(
    "/sandbox/verification/sdk/:token/document",
    { schema: { params: tokenParams } },
    async (request, reply) => {
      const { token } = tokenParams.parse(request.params);
      const language = languageOf(request);
      const session = await sessionOr404(token);
      const form = formOf(request.body);
      const type = documentTypesOf(session.flow).find(
        (candidate) => candidate.slug === form.document_type,
      )?.slug;
      if (!type) {
        return render(
          reply,
          token,
          session,
          language,
          { errors: { document_type: SDK_TEXTS[language].errors.documentType } },
          422,
        );
      }
      await verification.chooseDocument(token, type satisfies SandboxDocumentType);
      return back(reply, token, language);
    },
  );

  app.post(
    "/sandbox/verification/sdk/:token/upload",
    { schema: { params: tokenParams } },
    async (request, reply) => {
      const { token } = tokenParams.parse(request.params);
      const language = languageOf(request);
      const texts = SDK_TEXTS[language];
      const session = await sessionOr404(token);
      const expected: DocumentSide[] =
        session.step === "images" ? session.missingSides : session.step === "selfie" ? ["selfie"] : [];
      if (expected.length === 0) return back(reply, token, language);
      if (!request.isMultipart()) {
        return render(
          reply,
          token,
          session,
          language,
          { errors: Object.fromEntries(expected.map((side) => [side, texts.errors.missing])) },
          422,
        );
      }
      const files = new Map<DocumentSide, Buffer>();
      const errors: FieldErrors = {};
      let status = 422;
      try {
        for await (const part of request.parts()) {
          if (part.type !== "file") continue;
          const side = expected.find((candidate) => candidate === part.fieldname);
          if (!side) {
            part.file.resume();
            continue;
          }
          files.set(side, await part.toBuffer());
        }
      } catch (error) {
        if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
          status = 413;
          for (const side of expected) errors[side] = texts.errors.too_large;
        } else {
          request.log.info({ err: error }, "unreadable verification upload");
          for (const side of expected) errors[side] = texts.errors.unreadable;
        }
        return render(reply, token, session, language, { errors }, status);
      }
      const cleaned = new Map<DocumentSide, CleanDocument>();
      for (const side of expected) {
        const bytes = files.get(side);
        if (!bytes || bytes.length === 0) {
          errors[side] = texts.errors.missing;
          continue;
        }
        const result = await cleanDocument(bytes, { imageOnly: side === "selfie" });
        if ("problem" in result) {
          errors[side] =
            result.problem === "type" && side === "selfie"
              ? texts.errors.selfieType
              : texts.errors[result.problem];
          if (result.problem === "too_large") status = 413;
        } else cleaned.set(side, result);
      }
      // Nothing is kept unless every file of the step is good, so a step is all or nothing.
      if (Object.keys(errors).length > 0) return render(reply, token, session, language, { errors }, status);
      for (const [side, document] of cleaned) await verification.upload(token, side, document);
      return back(reply, token, language);
    },
  );

  app.post(
    "/sandbox/verification/sdk/:token/personal",
    { schema: { params: tokenParams } },
    async (request, reply) => {
      const { token } = tokenParams.parse(request.params);
      const language = languageOf(request);
      const texts = SDK_TEXTS[language];
      const session = await sessionOr404(token);
      if (session.step !== "personal") return back(reply, token, language);
      const form = formOf(request.body);
      const values = {
        first_name: String(form.first_name ?? "").trim(),
        last_name: String(form.last_name ?? "").trim(),
        date_of_birth: String(form.date_of_birth ?? "").trim(),
        document_number: String(form.document_number ?? "").trim(),
      };
      const errors: FieldErrors = {};
      if (!values.first_name || values.first_name.length > 60) errors.first_name = texts.errors.required;
      if (!values.last_name || values.last_name.length > 60) errors.last_name = texts.errors.required;
      if (!adultBirthDate(values.date_of_birth)) errors.date_of_birth = texts.errors.date;
      if (!/^[A-Za-z0-9-]{3,30}$/.test(values.document_number))
        errors.document_number = texts.errors.documentNumber;
      if (Object.keys(errors).length > 0)
        return render(reply, token, session, language, { errors, values }, 422);
      await verification.submit(
        token,
        {
          firstName: values.first_name,
          lastName: values.last_name,
          dateOfBirth: values.date_of_birth,
          documentNumber: values.document_number,
        },
        language,
      );
      // Back to the SPA's fixed page (no caller-supplied address), which polls the status.
      return reply.redirect(returnUrl, 303);
    },
  );
}
