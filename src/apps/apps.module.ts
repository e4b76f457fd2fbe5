import { defineModule } from '../kernel/module.js';
import { appOperations } from './apps.routes.js';

/** The app registry's operations; its service is part of the kernel (every capability is scoped by app). */
export const appsModule = defineModule({
  name: 'apps',
  create: (k) => ({ services: {}, operations: appOperations(k.apps) }),
});
