import { orgSettings } from '@covenant/db/schema/community';
import type { Ctx } from '../../lib/context.ts';

const CODE = /^[A-Z]{2}$/;

/**
 * The state whose law the association follows, as a two-letter code: Organization Settings' state, else the state the
 * association was registered with (the portfolio's), else '' (the generic rules). A value saved before codes were
 * required ("California") is not a code and is passed over, so the rules never see it.
 */
export async function associationState(ctx: Ctx): Promise<string> {
  const [row] = await ctx.db.select({ state: orgSettings.state }).from(orgSettings).limit(1);
  for (const candidate of [row?.state, ctx.association?.state]) {
    const code = candidate?.trim().toUpperCase() ?? '';
    if (CODE.test(code)) return code;
  }
  return '';
}
