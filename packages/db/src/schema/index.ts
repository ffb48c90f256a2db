import * as announcements from './announcements.ts';
import * as associationDocuments from './association-documents.ts';
import * as auth from './auth.ts';
import * as banking from './banking.ts';
import * as budgets from './budgets.ts';
import * as charges from './charges.ts';
import * as collections from './collections.ts';
import * as community from './community.ts';
import * as enums from './enums.ts';
import * as finance from './finance.ts';
import * as ledger from './ledger.ts';
import * as mailings from './mailings.ts';
import * as meetings from './meetings.ts';
import * as platform from './platform.ts';
import * as shared from './shared.ts';
import * as violations from './violations.ts';
import * as votes from './votes.ts';
import * as workOrders from './work-orders.ts';
import * as architecturalRequests from './architectural-requests.ts';
import * as estoppel from './estoppel.ts';

/** Every table and enum, for drizzle's relational API and the auth adapter. */
export const schema = { ...enums, ...shared, ...community, ...auth, ...platform, ...finance, ...ledger, ...budgets, ...mailings, ...charges, ...collections, ...banking, ...votes, ...announcements, ...associationDocuments, ...violations, ...workOrders, ...architecturalRequests, ...meetings, ...estoppel };
export type Schema = typeof schema;
