import { defineModule } from '../kernel/module.js';
import { tokenOperations } from './tokens.routes.js';

/** API tokens' operations; the token service is part of the kernel (it authenticates every owner call). */
export const tokensModule = defineModule({
  name: 'tokens',
  create: (k) => ({ services: {}, operations: tokenOperations(k.tokens) }),
});
