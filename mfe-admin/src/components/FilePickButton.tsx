// A button that opens the file chooser: a label styled as a button for a visually hidden file input,
// which the keyboard and screen readers reach as the input itself. Each pick is handed over once and
// the input cleared, so the same file can be picked again after a refusal.
import { useId, useState } from 'react';

export interface FilePickButtonProps {
  label: string;
  /** The input's own name for screen readers, when the label does not say enough ('Хадмал оруулах: …'). */
  inputLabel?: string;
  accept: string;
  className: string;
  isBusy?: boolean;
  onPick: (file: File) => void;
}

export function FilePickButton({ label, inputLabel, accept, className, isBusy = false, onPick }: FilePickButtonProps) {
  const id = useId();
  const [inputKey, setInputKey] = useState(0);
  return (
    <>
      <label htmlFor={id} className={className} aria-busy={isBusy || undefined}>
        {label}
      </label>
      <input
        key={inputKey}
        id={id}
        className="lp-visually-hidden"
        type="file"
        accept={accept}
        disabled={isBusy}
        aria-label={inputLabel}
        onChange={(event) => {
          const file = event.target.files?.[0];
          setInputKey((key) => key + 1);
          if (file) onPick(file);
        }}
      />
    </>
  );
}
