import { defineModule } from '../../kernel/module.js';
import { cancelFlow } from './cancel.flow.js';

/** The cancel (retention) flow. */
export const cancelModule = defineModule({
  name: 'cancel',
  flowTypes: [cancelFlow],
  create: () => ({ services: {} }),
});
