import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SendIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { InviteOwnersResult } from '@covenant/contracts/auth';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api';
import { entityKeys, invokeFunction } from '@/lib/entities';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Sends portal invitations (all active owners with an email, or the given owners) and reports who was skipped and why. */
function useInviteOwners(onSkipped: (result: InviteOwnersResult) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ownerIds?: string[]) => invokeFunction<InviteOwnersResult>('inviteOwners', ownerIds ? { owner_ids: ownerIds } : {}),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: entityKeys.all('Owner') });
      if (result.skipped.length === 0) toast.success(`${plural(result.invited, 'invitation', 'invitations')} sent`);
      else onSkipped(result);
    },
    onError: (e) => toast.error(`Failed to send the invitations: ${errorMessage(e)}`),
  });
}

/** What an invitation run skipped, owner by owner. */
function SkippedDialog({ result, onClose }: { result: InviteOwnersResult; onClose(): void }) {
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Portal invitations</DialogTitle>
          <DialogDescription>
            {plural(result.invited, 'invitation', 'invitations')} sent; {plural(result.skipped.length, 'owner', 'owners')} skipped.
          </DialogDescription>
        </DialogHeader>
        <ul className="max-h-80 space-y-1 overflow-y-auto text-sm" aria-label="Skipped owners">
          {result.skipped.map((s) => (
            <li key={s.owner_id}>
              <span className="font-medium">{s.name}</span>: {s.reason}
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button onClick={onClose}>Close</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Owners' "Invite all owners with an email": asks first, then invites and reports. */
export function InviteAllOwnersButton() {
  const [asking, setAsking] = useState(false);
  const [skipped, setSkipped] = useState<InviteOwnersResult | null>(null);
  const invite = useInviteOwners(setSkipped);
  return (
    <>
      <Button variant="outline" disabled={invite.isPending} onClick={() => setAsking(true)}>
        <SendIcon /> Invite all owners with an email
      </Button>
      <ConfirmDialog
        open={asking}
        text="Every active owner with an email address and no sign-in yet will be emailed an invitation to the owner portal, linked to their owner record."
        confirmLabel="Send invitations"
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          invite.mutate(undefined);
        }}
      />
      {skipped ? <SkippedDialog result={skipped} onClose={() => setSkipped(null)} /> : null}
    </>
  );
}

/** An owner card's "Invite to portal" (again, while the invitation waits). */
export function InviteOwnerButton({ ownerId, name, invited }: { ownerId: string; name: string; invited: boolean }) {
  const [skipped, setSkipped] = useState<InviteOwnersResult | null>(null);
  const invite = useInviteOwners(setSkipped);
  return (
    <>
      <Button variant="outline" size="sm" disabled={invite.isPending} aria-label={`${invited ? 'Invite again' : 'Invite to portal'}: ${name}`} onClick={() => invite.mutate([ownerId])}>
        <SendIcon /> {invited ? 'Invite again' : 'Invite to portal'}
      </Button>
      {skipped ? <SkippedDialog result={skipped} onClose={() => setSkipped(null)} /> : null}
    </>
  );
}
