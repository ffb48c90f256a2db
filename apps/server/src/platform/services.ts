import type { Auth } from './auth/better-auth.ts';
import type { Mailer } from './email/mailer.ts';
import type { FileStore } from './files/file-store.ts';
import type { AssociationChanges, ChangeBus } from './realtime/change-bus.ts';
import type { Registry } from './registry.ts';
import type { Tenancy } from './tenancy/tenancy.ts';

// The platform's services on ctx.services. lib/context.ts declares Services with what lib knows itself; the
// platform adds its own here (declaration merging, as lib/http.ts does for Fastify), so lib never imports platform.
declare module '../lib/context.ts' {
  interface Services {
    mailer: Mailer;
    auth: Auth;
    /** What an association's work publishes (its records' changes, for realtime). */
    changes: AssociationChanges;
    /** Every association's changes, for the realtime server and the instance's own work. */
    bus: ChangeBus;
    /** Uploaded files: the local folder or an S3-compatible bucket. */
    files: FileStore;
    /** The entities, functions and reports the features registered. */
    registry: Registry;
    /** The associations of the instance. */
    tenancy: Tenancy;
  }
}
