import type { Db } from '../../db/connection.ts';
import { consents, contactMessages, newsletterSubscriptions } from '../../db/schema.ts';
import type { Mailer } from '../../mail/transport.ts';
import { contactMessageMail } from '../../mail/templates.ts';
import { enforce, type RateRule, type RequestMeta } from '../rate-limits/service.ts';
import { getSettings } from '../settings/service.ts';
import type { ContactMessageInput, NewsletterInput } from '#shared/schemas/contact.ts';
import { PRIVACY_POLICY_VERSION } from '#shared/constants.ts';

const HOUR = 60 * 60 * 1000;

/** Per address: every message is a letter to the shop, every sign-up a consent row. */
export const CONTACT_LIMITS = {
  message: { limit: 5, windowMs: HOUR, message: 'Слишком много сообщений.' },
  newsletter: { limit: 10, windowMs: HOUR, message: 'Слишком много запросов на подписку.' },
} satisfies Record<string, RateRule>;

/** Stores the message, then mails it to the shop's contact address. */
export async function submitContactMessage(db: Db, mailer: Mailer, input: ContactMessageInput, meta: RequestMeta) {
  await enforce(db, `contact:address:${meta.ip}`, CONTACT_LIMITS.message, meta.now, meta.rateLimitFactor);
  const [row] = await db.insert(contactMessages).values({ ...input, ip: meta.ip }).returning({ id: contactMessages.id });
  const shop = await getSettings(db, 'shop');
  await mailer.send(contactMessageMail(shop, input));
  return row!;
}

/** One row per address: repeated sign-ups are harmless. The consent is recorded each time. */
export async function subscribeToNewsletter(db: Db, input: NewsletterInput, meta: RequestMeta) {
  await enforce(db, `newsletter:address:${meta.ip}`, CONTACT_LIMITS.newsletter, meta.now, meta.rateLimitFactor);
  const { ip } = meta;
  await db.transaction(async (tx) => {
    await tx
      .insert(newsletterSubscriptions)
      .values({ email: input.email, ip })
      .onConflictDoNothing();
    await tx.insert(consents).values({ purpose: 'newsletter', email: input.email, ip, policyVersion: PRIVACY_POLICY_VERSION });
  });
}
