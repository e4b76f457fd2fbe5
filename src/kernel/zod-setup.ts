import { z } from 'zod';

// Friendlier messages for the two most common mistakes; every other message stays zod's.
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && issue.input === undefined) return 'Required';
    if (issue.code === 'unrecognized_keys') return `Unknown key${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
    return undefined;
  },
});
