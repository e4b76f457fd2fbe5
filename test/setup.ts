import { afterAll } from 'vitest';
import { PG_URL } from './helpers.js';
import { dropPooledSchemas } from './pg-schemas.js';

// Every test file (vitest setupFiles): the PostgreSQL schemas its tests gave back go once it ends.
afterAll(() => dropPooledSchemas(PG_URL));
