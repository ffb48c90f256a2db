import { useQuery } from '@tanstack/react-query';
import { BriefcaseBusinessIcon, CheckIcon, ChevronsUpDownIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { associationHref, associationInPath } from '@/lib/association';
import { appConfigQuery } from '@/features/auth/auth.api';
import { myAssociationsQuery } from '@/features/portfolio/portfolio.api';
import { useOrganizationName } from '@/app/organization';

/** The app id of the association this page works in (the address's, else the instance's first). */
export function useCurrentAppId(): string | undefined {
  const config = useQuery(appConfigQuery);
  return associationInPath() ?? config.data?.app_id;
}

/**
 * The header's association: its name, and for a person with several associations (or a portfolio administrator) a
 * searchable list of theirs to switch to. Switching loads the other association's address, so nothing of this one
 * (cached lists, the realtime connection) carries over.
 */
export function AssociationSwitcher() {
  const name = useOrganizationName();
  const mine = useQuery(myAssociationsQuery);
  const currentId = useCurrentAppId();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const listId = useId();
  const associations = mine.data?.associations ?? [];
  const isPortfolioAdmin = mine.data?.portfolio_admin ?? false;

  if (associations.length <= 1 && !isPortfolioAdmin) {
    return (
      <p className="min-w-0 truncate font-semibold" data-testid="organization-name">
        {name}
      </p>
    );
  }

  const term = search.trim().toLowerCase();
  const shown = associations.filter((a) => !term || a.name.toLowerCase().includes(term) || a.app_id.includes(term));
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="ghost" className="h-9 min-w-0 gap-1 px-2 font-semibold" aria-label={`${name}: switch association`}>
          <span className="truncate" data-testid="organization-name">
            {name}
          </span>
          <ChevronsUpDownIcon className="text-muted-foreground size-4 shrink-0" aria-hidden="true" />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-80 p-2">
        <Input
          type="search"
          aria-label="Search associations"
          aria-controls={listId}
          placeholder="Search associations..."
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="mb-2"
        />
        <ul id={listId} aria-label="Your associations" className="max-h-72 overflow-y-auto">
          {shown.length === 0 ? <li className="text-muted-foreground px-2 py-1.5 text-sm">No associations match.</li> : null}
          {shown.map((a) => {
            const isCurrent = a.app_id === currentId;
            return (
              <li key={a.app_id}>
                <a
                  href={associationHref(a.app_id)}
                  aria-current={isCurrent ? 'page' : undefined}
                  className="hover:bg-accent focus-visible:bg-accent flex items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none"
                >
                  <CheckIcon className={isCurrent ? 'size-4 shrink-0' : 'size-4 shrink-0 opacity-0'} aria-hidden="true" />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium">{a.name}</span>
                    <span className="text-muted-foreground block truncate text-xs">
                      {[a.app_id, a.state, a.archived ? 'archived' : null].filter(Boolean).join(' · ')}
                    </span>
                  </span>
                </a>
              </li>
            );
          })}
        </ul>
        {isPortfolioAdmin ? (
          <Link
            to="/portfolio"
            onClick={() => setOpen(false)}
            className="hover:bg-accent focus-visible:bg-accent mt-1 flex items-center gap-2 rounded-md border-t px-2 py-2 text-sm outline-none"
          >
            <BriefcaseBusinessIcon className="size-4" aria-hidden="true" />
            Portfolio
          </Link>
        ) : null}
      </PopoverContent>
    </Popover>
  );
}
