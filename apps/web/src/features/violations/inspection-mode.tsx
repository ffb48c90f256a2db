import { useQuery } from '@tanstack/react-query';
import { ArrowLeftIcon, CameraIcon, LocateFixedIcon } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { FormError } from '@/components/form-error';
import { SectionCard } from '@/components/section-card';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { activeViolationTypesQuery, inspectionUnitsQuery, useRecordViolation, type InspectionUnitRow, type Position } from './violations.api';

type Locating = 'locating' | 'unavailable' | Position;

const SELECT = 'h-11 w-full rounded-md border bg-background px-2 text-base';

const distanceText = (m: number | null) => (m === null ? '' : m < 1000 ? ` (${m} m)` : ` (${(m / 1000).toFixed(1)} km)`);
const unitText = (u: InspectionUnitRow) => `Unit ${u.unit_number}${u.street_address ? `, ${u.street_address}` : ''}${distanceText(u.distance_m)}`;

/** Asks the phone for its position once; the unit list does not wait for it. */
function usePosition(): [Locating, () => void] {
  const [at, setAt] = useState<Locating>('locating');
  const locate = () => {
    if (!('geolocation' in navigator)) return setAt('unavailable');
    setAt('locating');
    navigator.geolocation.getCurrentPosition(
      (p) => setAt({ latitude: p.coords.latitude, longitude: p.coords.longitude }),
      () => setAt('unavailable'),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };
  useEffect(locate, []);
  return [at, locate];
}

interface Recorded {
  id: string;
  unit: string;
  type: string;
  photos: number;
}

/**
 * Inspection mode, phone first: the unit (nearest first when the phone shares its position), the type, a description
 * and photos from the camera; Save records the violation with the phone's position and uploads its photos, then
 * clears the unit, description and photos and keeps the type for the next one.
 */
export function InspectionMode({ onClose }: { onClose: () => void }) {
  const [at, locate] = usePosition();
  const position = typeof at === 'object' ? at : null;
  const units = useQuery(inspectionUnitsQuery(position));
  const types = useQuery(activeViolationTypesQuery());
  const record = useRecordViolation();
  const [unitId, setUnitId] = useState('');
  const [typeId, setTypeId] = useState('');
  const [description, setDescription] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [photoInput, setPhotoInput] = useState(0);
  const [recorded, setRecorded] = useState<Recorded[]>([]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const unit = units.data?.rows.find((u) => u.id === unitId);
    const type = types.data?.find((t) => t.id === typeId);
    if (!unit || !type) return;
    record.mutate(
      { property_id: unit.id, violation_type_id: type.id, description: description.trim(), position, photos },
      {
        onSuccess: ({ violation, failed }) => {
          toast.success(`Violation recorded at unit ${unit.unit_number}`);
          if (failed.length) toast.error(`A photo was not saved: ${failed.join('; ')}`);
          setRecorded((r) => [{ id: violation.id, unit: unit.unit_number, type: type.name, photos: photos.length - failed.length }, ...r]);
          setUnitId('');
          setDescription('');
          setPhotos([]);
          setPhotoInput((n) => n + 1);
        },
      },
    );
  };

  return (
    <div className="mx-auto w-full max-w-md space-y-4">
      <Button variant="outline" onClick={onClose}>
        <ArrowLeftIcon aria-hidden="true" /> Back to the list
      </Button>
      <SectionCard title="Inspection" description="Record what you see, unit by unit; the type stays chosen for the next one.">
        <p className="text-sm text-muted-foreground" role="status">
          {at === 'locating' ? 'Finding your position…' : position ? 'Nearest units first' : 'Your position is not shared: units by number'}
        </p>
        {at === 'unavailable' ? (
          <Button type="button" variant="outline" size="sm" onClick={locate}>
            <LocateFixedIcon aria-hidden="true" /> Use my position
          </Button>
        ) : null}
        <FormError error={units.error ?? types.error} />
        <form className="space-y-4" onSubmit={onSubmit} aria-label="Record a violation">
          <div className="space-y-1">
            <Label htmlFor="inspection-unit">Unit</Label>
            <select id="inspection-unit" className={SELECT} required value={unitId} onChange={(e) => setUnitId(e.target.value)}>
              <option value="">Choose the unit</option>
              {(units.data?.rows ?? []).map((u) => <option key={u.id} value={u.id}>{unitText(u)}</option>)}
            </select>
          </div>
          <div className="space-y-1">
            <Label htmlFor="inspection-type">Violation type</Label>
            <select id="inspection-type" className={SELECT} required value={typeId} onChange={(e) => setTypeId(e.target.value)}>
              <option value="">Choose the type</option>
              {(types.data ?? []).map((t) => <option key={t.id} value={t.id}>{t.ccr_reference ? `${t.name} (${t.ccr_reference})` : t.name}</option>)}
            </select>
          </div>
          <div className="space-y-1">
            <Label htmlFor="inspection-description">Description</Label>
            <Textarea id="inspection-description" rows={3} maxLength={5000} value={description} onChange={(e) => setDescription(e.target.value)} />
          </div>
          <div className="space-y-1">
            <Label htmlFor="inspection-photos">
              <CameraIcon aria-hidden="true" className="size-4" /> Photos
            </Label>
            <Input
              key={photoInput}
              id="inspection-photos"
              type="file"
              accept="image/*"
              capture="environment"
              multiple
              className="h-11"
              onChange={(e) => setPhotos(Array.from(e.target.files ?? []))}
            />
            <p className="text-sm text-muted-foreground">{photos.length ? `${photos.length} photo${photos.length > 1 ? 's' : ''} to upload` : 'No photo yet'}</p>
          </div>
          <FormError error={record.error} />
          <Button type="submit" className="h-11 w-full" disabled={record.isPending || !unitId || !typeId}>
            {record.isPending ? 'Saving…' : 'Save'}
          </Button>
        </form>
      </SectionCard>
      {recorded.length ? (
        <SectionCard title="Recorded in this inspection" description="Open the list to send notices and schedule hearings.">
          <ul className="space-y-2" aria-label="Recorded in this inspection">
            {recorded.map((r) => (
              <li key={r.id} className="text-sm">
                Unit {r.unit}: {r.type}
                {r.photos ? `, ${r.photos} photo${r.photos > 1 ? 's' : ''}` : ''}
              </li>
            ))}
          </ul>
        </SectionCard>
      ) : null}
    </div>
  );
}
