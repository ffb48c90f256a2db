import { PrinterIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';

// While printing, only `.print-area` shows: the app's frame is hidden and the area runs over as many pages as it needs.
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  .print-area, .print-area * { visibility: visible !important; }
  .print-area { position: absolute; left: 0; top: 0; width: 100%; border: 0 !important; box-shadow: none !important; background: white; color: black; }
  .print-area .no-print { display: none !important; }
  .print-area table { font-size: 10pt; }
  @page { margin: 12mm; }
}`;

/** The print stylesheet of a screen whose report prints on its own (mark it with the class `print-area`). */
export function PrintStyles() {
  return <style>{PRINT_CSS}</style>;
}

/** Prints the screen's print area through the browser's print dialog. */
export function PrintButton() {
  return (
    <Button variant="outline" className="no-print" onClick={() => window.print()}>
      <PrinterIcon aria-hidden="true" />
      Print
    </Button>
  );
}
