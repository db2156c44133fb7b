import { useId, useState } from 'react';
import { optionProblem } from '#shared/schemas/admin-products';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/form-field';

/**
 * A set of sizes or colours to pick from (the spec's list, then any custom ones already chosen),
 * with a field to add a custom one: refused when empty or already in the list.
 */
export function OptionPicker({
  legend,
  kind,
  options,
  value,
  onChange,
  error,
}: {
  legend: string;
  kind: 'size' | 'color';
  options: readonly string[];
  value: string[];
  onChange: (next: string[]) => void;
  error?: string;
}) {
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const all = [...options, ...value.filter((item) => !options.includes(item))];

  function toggle(option: string, checked: boolean) {
    onChange(
      checked
        ? all.filter((item) => item === option || value.includes(item))
        : value.filter((item) => item !== option),
    );
  }

  function add() {
    const message = optionProblem(all, draft, kind);
    setProblem(message);
    if (message) return;
    onChange([...value, draft.trim()]);
    setDraft('');
  }

  const addLabel = kind === 'size' ? 'Add a custom size' : 'Add a custom colour';
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="min-w-0">
      <legend className="text-sm font-semibold text-neutral-800">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {all.map((option) => {
          const checked = value.includes(option);
          return (
            <label
              key={option}
              className={`inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-full border px-3 text-sm font-semibold has-focus-visible:outline-2 has-focus-visible:outline-neutral-900 ${
                checked
                  ? 'border-neutral-900 bg-neutral-900 text-white'
                  : 'border-neutral-300 bg-white text-neutral-800'
              }`}
            >
              <input
                type="checkbox"
                className="sr-only"
                checked={checked}
                onChange={(event) => toggle(option, event.target.checked)}
              />
              {option}
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className="mt-2 text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
      <div className="mt-3 flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          {addLabel}
        </label>
        <input
          id={inputId}
          value={draft}
          placeholder={kind === 'size' ? 'Custom size' : 'Custom colour'}
          aria-invalid={Boolean(problem)}
          aria-describedby={problem ? `${inputId}-problem` : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            setProblem(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          className={`${inputClass} mt-0 min-w-0 flex-1`}
        />
        <Button
          variant="secondary"
          size="sm"
          onClick={add}
          aria-label={kind === 'size' ? 'Add size' : 'Add colour'}
        >
          Add
        </Button>
      </div>
      {problem ? (
        <p id={`${inputId}-problem`} role="alert" className="mt-1 text-sm font-semibold text-red-700">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}
