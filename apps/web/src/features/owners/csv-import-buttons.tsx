import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FileDownIcon, UploadIcon } from 'lucide-react';
import { useRef } from 'react';
import { toast } from 'sonner';
import type { CsvImportResult } from '@covenant/contracts/csv';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { downloadFile } from '@/lib/download';
import { entityKeys, type EntityName } from '@/lib/entities';
import { importCsvRecords } from './owners.api';

/**
 * Download Template and Import CSV of a list screen: the file is checked here and created all or nothing; the toast
 * says how many were imported ('Successfully imported 3 owners') or why the file was refused.
 */
export function CsvImportButtons<T>({ entity, plural, templateFile, templateCsv, parse, testId }: {
  entity: EntityName;
  /** "owners", "properties": the words of the toasts. */
  plural: string;
  templateFile: string;
  templateCsv: () => string;
  parse: (text: string) => CsvImportResult<T>;
  /** The hidden file input's test id (browser specs set its files). */
  testId: string;
}) {
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const importer = useMutation({
    mutationFn: async (file: File) => importCsvRecords(entity, await file.text(), parse),
    onSuccess: (created) => {
      toast.success(`Successfully imported ${created.length} ${plural}`);
      void queryClient.invalidateQueries({ queryKey: entityKeys.all(entity) });
    },
    onError: (e) => toast.error(`Failed to import ${plural}: ${errorMessage(e)}`),
  });

  return (
    <>
      <Button variant="outline" onClick={() => downloadFile(templateFile, templateCsv())}>
        <FileDownIcon /> Download Template
      </Button>
      <Button variant="outline" disabled={importer.isPending} onClick={() => fileInput.current?.click()}>
        <UploadIcon /> {importer.isPending ? 'Importing...' : 'Import CSV'}
      </Button>
      <input
        ref={fileInput}
        type="file"
        accept=".csv,text/csv"
        className="hidden"
        data-testid={testId}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) importer.mutate(file);
        }}
      />
    </>
  );
}
