import { orgSettings } from '@covenant/db/schema/community';
import type { Ctx } from '../../lib/context.ts';

/**
 * The state whose law the association follows: Organization Settings' two-letter code, or '' (the generic rules)
 * when none is set or a value saved before codes were required ("California") is still there.
 */
export async function associationState(ctx: Ctx): Promise<string> {
  const [row] = await ctx.db.select({ state: orgSettings.state }).from(orgSettings).limit(1);
  const state = row?.state?.trim().toUpperCase() ?? '';
  return /^[A-Z]{2}$/.test(state) ? state : '';
}
