import { createAssociationForm, STANDARD_TEMPLATE as STANDARD, US_STATES } from '@covenant/contracts/portfolio';
import { EntityFormDialog, SelectField, TextField, useContractForm } from '@/components/entity-form';
import { associationHref } from '@/lib/association';
import { MONTHS, TIME_ZONES } from './portfolio-options';
import { useCreateAssociation, type PortfolioAssociation } from './portfolio.api';

/**
 * 'New Association': its app id (the address it lives at), state, time zone and fiscal year, with the chart of
 * accounts, funds, items, roles and privileges of the standard template or copied from an association of the
 * portfolio. The caller becomes its administrator; it opens once made.
 */
export function CreateAssociationDialog({ associations, onClose }: { associations: readonly PortfolioAssociation[]; onClose: () => void }) {
  const create = useCreateAssociation();
  const form = useContractForm(createAssociationForm, {
    name: '', app_id: '', state: 'CA', time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone, fiscal_year_start_month: '1', copy_from_app_id: STANDARD,
  });
  const templates = [
    { value: STANDARD, label: 'The standard chart of accounts' },
    ...associations.map((a) => ({ value: a.app_id, label: `Copy of ${a.name}` })),
  ];

  return (
    <EntityFormDialog
      title="New Association"
      description="Each association keeps its own books, bank accounts, owners and staff."
      form={form}
      onSubmit={({ copy_from_app_id, ...body }) =>
        create.mutate(
          { ...body, ...(copy_from_app_id !== STANDARD ? { copy_from_app_id } : {}) },
          { onSuccess: (made) => window.location.assign(associationHref(made.app_id)) },
        )
      }
      onClose={onClose}
      isPending={create.isPending}
      error={create.error}
      submitLabel="Create Association"
      wide
    >
      <TextField name="name" label="Name" autoComplete="off" placeholder="Bayview Towers Condominium Association" wide />
      <TextField
        name="app_id"
        label="App ID"
        autoComplete="off"
        placeholder="bayview"
        description="3 to 40 lowercase letters, digits and hyphens; its address is /a/{app id}."
      />
      <SelectField name="state" label="State" options={US_STATES.map((s) => ({ value: s, label: s }))} />
      <TextField name="time_zone" label="Time zone" list="portfolio-time-zones" />
      <datalist id="portfolio-time-zones">
        {TIME_ZONES.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
      <SelectField name="fiscal_year_start_month" label="Fiscal year starts in" options={MONTHS} />
      <SelectField name="copy_from_app_id" label="Accounts, funds, items and roles" options={templates} wide />
    </EntityFormDialog>
  );
}
