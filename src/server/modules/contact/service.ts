import type { Db } from '../../db/connection.ts';
import { consents, contactMessages, newsletterSubscriptions } from '../../db/schema.ts';
import type { Mailer } from '../../mail/transport.ts';
import { contactMessageMail } from '../../mail/templates.ts';
import { getSettings } from '../settings/service.ts';
import type { ContactMessageInput, NewsletterInput } from '#shared/schemas/contact.ts';
import { PRIVACY_POLICY_VERSION } from '#shared/constants.ts';

/** Stores the message, then mails it to the shop's contact address. */
export async function submitContactMessage(db: Db, mailer: Mailer, input: ContactMessageInput, ip: string) {
  const [row] = await db.insert(contactMessages).values({ ...input, ip }).returning({ id: contactMessages.id });
  const shop = await getSettings(db, 'shop');
  await mailer.send(contactMessageMail(shop, input));
  return row!;
}

/** One row per address: repeated sign-ups are harmless. The consent is recorded each time. */
export async function subscribeToNewsletter(db: Db, input: NewsletterInput, ip: string) {
  await db.transaction(async (tx) => {
    await tx
      .insert(newsletterSubscriptions)
      .values({ email: input.email, ip })
      .onConflictDoNothing();
    await tx.insert(consents).values({ purpose: 'newsletter', email: input.email, ip, policyVersion: PRIVACY_POLICY_VERSION });
  });
}
