import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './types.js';

/**
 * The SECRET keys voter and IP hashes, so two nodes (or one node after a restore) with different
 * secrets on one database count one voter twice and refuse each other's tokens, silently. The
 * database keeps an HMAC of a constant under the SECRET it was first started with; a process
 * whose SECRET gives another HMAC refuses to start. The HMAC says nothing about the SECRET itself.
 */
const KEY = 'secret_fingerprint';

export const secretFingerprint = (secret: string) => createHmac('sha256', secret).update('appflows secret fingerprint v1').digest('base64url');

/** Stores the fingerprint on first start (the first of racing nodes wins) and compares it after. */
export async function checkSecretFingerprint(db: Kysely<Database>, secret: string): Promise<void> {
  const mine = secretFingerprint(secret);
  await db
    .insertInto('instance_settings')
    .values({ key: KEY, value: mine, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const stored = await db.selectFrom('instance_settings').select('value').where('key', '=', KEY).executeTakeFirstOrThrow();
  const a = Buffer.from(stored.value);
  const b = Buffer.from(mine);
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw new SecretMismatchError();
}

export class SecretMismatchError extends Error {
  constructor() {
    super(
      'SECRET does not match the one this database was first started with: set the same SECRET on every node that shares it ' +
        '(a node that ran without SECRET keeps its own in DATA_DIR/secret); to change it on purpose see docs/scale-out.md',
    );
  }
}
