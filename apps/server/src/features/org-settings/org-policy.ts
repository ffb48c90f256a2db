import type { CoOwnerBilling, PaymentApplicationOrder } from '@covenant/contracts/charges';
import { orgSettings } from '@covenant/db/schema/community';
import type { Ctx } from '../../lib/context.ts';

/** The organization's billing policy and clock, with the defaults that hold before settings are saved. */
export interface OrgPolicy {
  timeZone: string;
  runHour: number;
  coOwnerBilling: CoOwnerBilling;
  applicationOrder: PaymentApplicationOrder;
  autoApplyCredits: boolean;
}

/** Reads the settings record once: the association's time zone (else the server's TIME_ZONE) and billing policy. */
export async function orgPolicy(ctx: Ctx): Promise<OrgPolicy> {
  const [row] = await ctx.db
    .select({
      time_zone: orgSettings.time_zone, run_hour: orgSettings.run_hour, co_owner_billing: orgSettings.co_owner_billing,
      payment_application_order: orgSettings.payment_application_order, auto_apply_credits: orgSettings.auto_apply_credits,
    })
    .from(orgSettings)
    .limit(1);
  return {
    timeZone: row?.time_zone || ctx.services.config.timeZone,
    runHour: row?.run_hour ?? 6,
    coOwnerBilling: (row?.co_owner_billing as CoOwnerBilling | undefined) ?? 'principal',
    applicationOrder: (row?.payment_application_order as PaymentApplicationOrder | undefined) ?? 'oldest_first',
    autoApplyCredits: row?.auto_apply_credits ?? false,
  };
}


