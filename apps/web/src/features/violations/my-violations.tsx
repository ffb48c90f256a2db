import { useQuery } from '@tanstack/react-query';
import { FileDownIcon, GavelIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { NOTICE_KIND_LABELS } from '@covenant/contracts/violations';
import { FormError } from '@/components/form-error';
import { SectionCard } from '@/components/section-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api';
import {
  downloadNoticePdf, fetchViolationPhoto, timelineQuery, useRequestHearing, useUploadCurePhoto, VIOLATION_STATUS_LABELS, violationKeys, violationsQuery,
  type ViolationListRow, type ViolationTimeline,
} from './violations.api';

const ENDED = ['fined', 'closed', 'dismissed'];

/** A photo's thumbnail, fetched with the session (the photo routes are not public). */
function PhotoThumbnail({ photo }: { photo: ViolationTimeline['photos'][number] }) {
  const blob = useQuery({ queryKey: [...violationKeys.all, 'photo', photo.id, 'thumbnail'], queryFn: () => fetchViolationPhoto(photo.id, 'thumbnail'), staleTime: Infinity });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob.data) return;
    const next = URL.createObjectURL(blob.data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob.data]);
  const alt = `${photo.kind === 'cure' ? 'Proof-of-cure photo' : 'Evidence photo'}${photo.taken_at ? ` taken ${photo.taken_at.slice(0, 10)}` : ''}`;
  return url ? <img src={url} alt={alt} className="size-24 rounded-md border object-cover" /> : <div className="size-24 rounded-md border bg-muted" role="img" aria-label={alt} />;
}

/** One of the owner's violations: its photos and notices, a proof-of-cure photo and a hearing request. */
function MyViolation({ row }: { row: ViolationListRow }) {
  const timeline = useQuery(timelineQuery(row.id));
  const hearing = useRequestHearing();
  const cure = useUploadCurePhoto();
  const [fileKey, setFileKey] = useState(0);
  const t = timeline.data;
  const title = `${row.type_name} at unit ${row.unit_number}`;
  const canAct = !ENDED.includes(row.status);
  const onCurePhoto = (file: File | undefined) => {
    if (!file) return;
    cure.mutate({ violationId: row.id, file }, {
      onSuccess: () => {
        toast.success('Your proof-of-cure photo was uploaded');
        setFileKey((k) => k + 1);
      },
    });
  };
  const onDownload = (id: string, kind: string) => downloadNoticePdf(id, kind).catch((e: unknown) => toast.error(`Failed to download the notice: ${errorMessage(e)}`));
  return (
    <li className="space-y-3 rounded-md border p-3">
      <article aria-label={title} className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-medium">{title}</h3>
          <Badge variant={row.status === 'fined' ? 'destructive' : 'secondary'}>{VIOLATION_STATUS_LABELS[row.status]}</Badge>
        </div>
        <p className="text-sm">
          Observed {row.observed_on} · Cure by {row.cure_by}
          {t?.violation.hearing_requested_on ? ` · Hearing requested on ${t.violation.hearing_requested_on}` : ''}
        </p>
        {row.description ? <p className="text-sm text-muted-foreground">{row.description}</p> : null}
        <FormError error={timeline.error} />
        {t?.photos.length ? (
          <ul className="flex flex-wrap gap-2" aria-label={`Photos of ${title}`}>
            {t.photos.map((p) => <li key={p.id}><PhotoThumbnail photo={p} /></li>)}
          </ul>
        ) : null}
        {t?.notices.length ? (
          <ul className="space-y-1" aria-label={`Notices of ${title}`}>
            {t.notices.map((n) => (
              <li key={n.id}>
                <Button variant="link" className="h-auto p-0" onClick={() => void onDownload(n.id, n.kind)}>
                  <FileDownIcon aria-hidden="true" /> {NOTICE_KIND_LABELS[n.kind]} of {n.sent_on} (PDF)
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        {t?.hearings.map((h) => (
          <p key={h.id} className="text-sm">Hearing on {h.scheduled_for}{h.decided_on ? `, decided on ${h.decided_on}` : ''}</p>
        ))}
        {canAct ? (
          <div className="flex flex-wrap items-end gap-3">
            <div className="space-y-1">
              <Label htmlFor={`cure-${row.id}`}>Upload proof of cure</Label>
              <Input key={fileKey} id={`cure-${row.id}`} type="file" accept="image/*" capture="environment" disabled={cure.isPending} onChange={(e) => onCurePhoto(e.target.files?.[0])} />
            </div>
            {t && !t.violation.hearing_requested_on ? (
              <Button variant="outline" disabled={hearing.isPending} onClick={() => hearing.mutate(row.id, { onSuccess: () => toast.success('Your hearing request was sent') })}>
                <GavelIcon aria-hidden="true" /> Request a hearing
              </Button>
            ) : null}
          </div>
        ) : null}
        <FormError error={cure.error ?? hearing.error} />
      </article>
    </li>
  );
}

/** My Account's Violations: the owner's violations (the server answers only theirs) with photos, notices and what they can do. */
export function MyViolations() {
  const list = useQuery(violationsQuery('', 0, 20));
  return (
    <section aria-label="Violations">
      <SectionCard title="Violations" description="Violations observed at your units, their notices and photos">
        <FormError error={list.error} />
        {list.isPending ? <p className="text-sm text-muted-foreground">Loading your violations</p> : null}
        {list.data && list.data.rows.length === 0 ? <p className="text-sm text-muted-foreground">No violations at your units</p> : null}
        {list.data?.rows.length ? <ul className="space-y-3" aria-label="Your violations">{list.data.rows.map((r) => <MyViolation key={r.id} row={r} />)}</ul> : null}
      </SectionCard>
    </section>
  );
}
