import { defineModule } from '../kernel/module.js';
import { qrOperations } from './qr.routes.js';
import { createQrService } from './qr.service.js';

/** QR codes (PNG, SVG) of every flow's public URL and of short links; the MCP's get_qr_code. */
export const qrModule = defineModule({
  name: 'qr',
  create(k) {
    const qr = createQrService({ config: k.config, db: k.db, flows: k.flows });
    return {
      services: { qr },
      operations: qrOperations({ apps: k.apps, qr, config: k.config }),
    };
  },
});
