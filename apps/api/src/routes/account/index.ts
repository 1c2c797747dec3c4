import multipart from "@fastify/multipart";
import { AVATAR_MAX_BYTES } from "@vela/shared/auth";
import * as contract from "@vela/shared/contract/auth";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { findAvatar, inspectAvatar, readAvatarUpload, replaceAvatar } from "../../account/avatar";
import { toAccountOrganization, toProfile, updateProfile } from "../../account/profile";
import { createReminder, listReminders, reminderKindOptions } from "../../account/reminders";
import { onboardingOf, permissionsOf, toAuthUser } from "../../auth/user-view";
import { binaryResponse, contractRoutes, contractSchema, urlOf } from "../../http/contract";
import { ok } from "../../http/envelope";
import { NotFoundError } from "../../http/errors";
import { currentAuth } from "../../plugins/auth";
import { startPhoneChange } from "../../settings/phone-change";

const TAGS = ["account"];

/** Profile, my-account, avatar, me, has_transactions and reminders. */
export async function accountRoutes(app: FastifyInstance) {
  // Multipart bodies are accepted by these routes only (the avatar upload); one file, 2 MiB,
  // and room for nothing else, so an upload cannot make the server buffer more than that.
  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5, headerPairs: 50 },
  });

  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Checked before the body is validated, so a caller without a session learns nothing from a 422.
  const signedIn = app.requireAuth();
  const serve = contractRoutes(app, { tags: TAGS, preValidation: signedIn });

  serve(contract.getProfile, { summary: "The signed-in person's profile" }, async (request) =>
    ok(toProfile(currentAuth(request).user)),
  );

  // Both save through updateProfile; completing takes every field (its body) and marks the profile complete.
  const profileSaves = [
    [
      contract.updateProfile,
      "Change some profile fields; those not sent stay as they are",
      false,
      "Your profile was saved.",
    ],
    [
      contract.completeProfile,
      "Complete the profile: every field at once",
      true,
      "Your profile is complete.",
    ],
  ] as const;
  for (const [endpoint, summary, complete, message] of profileSaves) {
    serve(endpoint, { summary }, async (request) => {
      const updated = await updateProfile(app.db, currentAuth(request).user.id, request.body, complete);
      return ok(toProfile(updated), message);
    });
  }

  serve(
    contract.changePhone,
    {
      summary: "Start changing the phone number: the new number gets a code by SMS",
      description:
        "Confirm with PUT /settings/phone-settings/verify-phone; the current number stays until then.",
    },
    async (request) =>
      ok(
        await startPhoneChange(app, request, currentAuth(request).user, request.body),
        "We sent a code to your new number.",
      ),
  );

  serve(
    contract.getMyAccount,
    { summary: "The account: user, organisation, on-boarding status and permissions" },
    async (request) => {
      const { user, organization } = currentAuth(request);
      return ok({
        user: toAuthUser(user, organization),
        organization: toAccountOrganization(organization),
        onboarding: onboardingOf(user),
        permissions: permissionsOf(user),
      });
    },
  );

  routes.post(
    urlOf(contract.uploadAvatar),
    {
      preValidation: signedIn,
      schema: {
        tags: TAGS,
        summary: "Upload a profile picture (multipart/form-data, field 'avatar')",
        description:
          "PNG, JPEG or WebP by content, at most 2 MB and 4096×4096 pixels. Replaces the previous one.",
        consumes: ["multipart/form-data"],
        // Only the answer: the multipart body is read by the route itself, not validated as a schema.
        response: contractSchema(contract.uploadAvatar).response,
      },
    },
    async (request) => {
      const { user } = currentAuth(request);
      const image = await inspectAvatar(await readAvatarUpload(app, request));
      const avatarId = await replaceAvatar(app.db, user.id, image);
      return ok({ avatar_url: `/api/avatars/${avatarId}` }, "Your picture was saved.");
    },
  );

  routes.get(
    "/avatars/:id",
    {
      schema: {
        tags: TAGS,
        summary: "A profile picture (public: its id is an unguessable UUID)",
        params: z.object({ id: z.uuid() }),
        // The 200 answer is the image itself.
        response: binaryResponse("image/*", "The picture, in the type it was uploaded as"),
      },
    },
    async (request, reply) => {
      const avatar = await findAvatar(app.db, request.params.id);
      if (!avatar) throw new NotFoundError("Avatar not found.");
      // A new picture gets a new id, so an id's bytes never change and may be cached for good.
      return reply
        .header("Content-Type", avatar.mimeType)
        .header("Cache-Control", "public, max-age=31536000, immutable")
        .header("X-Content-Type-Options", "nosniff")
        .send(avatar.bytes);
    },
  );

  serve(contract.getMe, { summary: "The signed-in user" }, async (request) => {
    const { user, organization } = currentAuth(request);
    return ok(toAuthUser(user, organization));
  });

  serve(
    contract.getHasTransactions,
    { summary: "Whether the user has made any transaction" },
    // There is no orders table yet, so nobody has a transaction; the orders work makes this read it.
    async () => ok({ has_transactions: false }),
  );

  serve(contract.getReminderKinds, { summary: "What a reminder can be about" }, async (request) =>
    ok(reminderKindOptions(request.ctx.language)),
  );

  serve(contract.getReminders, { summary: "The user's reminders" }, async (request) =>
    ok(await listReminders(app.db, currentAuth(request).user.id)),
  );

  serve(
    contract.createReminder,
    { summary: "Add a monthly reminder (at most 20)" },
    async (request, reply) => {
      const created = await createReminder(app.db, currentAuth(request).user.id, request.body);
      return reply.status(201).send(ok(created, "Reminder saved."));
    },
  );
}
