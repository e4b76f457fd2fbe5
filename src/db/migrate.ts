import { Migrator, type Kysely, type Migration } from 'kysely';
import { kernelMigrations } from './migrations/kernel.js';
import { wishlistMigrations } from './migrations/wishlist.js';

/**
 * Every module's migrations, by name. Names sort in the order they run:
 * 0001-0009 kernel, 0010+ forms, 0020+ wishlist, 0030+ links (room left between modules).
 */
const all: Record<string, Migration> = {
  ...kernelMigrations,
  ...wishlistMigrations,
};

export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => all },
    migrationTableSchema: schema,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
