import { afterAll } from 'vitest';
import { PG_URL } from './helpers.js';
import { dropFileSchemas } from './pg-schemas.js';

// Every test file (vitest setupFiles): the PostgreSQL schemas its tests gave back, and those of
// the server processes it started, go once it ends (a file that forgot dropProcessSchemas left them).
afterAll(() => dropFileSchemas(PG_URL));
