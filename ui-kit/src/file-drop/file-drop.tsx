import { type DragEvent, type InputHTMLAttributes, useId, useRef, useState } from 'react'
import { type Described, describedBy } from '../form-field/form-field'
import { Icon } from '../icon/icon'

export type FileDropLabels = {
  /** What the zone invites ("Drop the file here or choose it"). */
  drop: string
  /** The upload's progress, read out ("Sent: 40 %"). */
  progress: (percent: number) => string
}

export type FileDropProps = Described &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & {
    labels: FileDropLabels
    /** The upload's progress from 0 to 1 while it runs; null or absent otherwise. */
    progress?: number | null
  }

const sizeOf = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${Math.round(bytes / 1024)} KB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`

/**
 * A file input people can also drop a file on: the zone is the input's label (a click or Enter
 * chooses a file as usual), a dropped file becomes the input's file, the chosen files are named
 * with their size, and an upload in progress shows a progress bar.
 */
export const FileDrop = ({ label, errors, hint, labels, progress, onChange, ...input }: FileDropProps) => {
  const id = useId()
  const ref = useRef<HTMLInputElement>(null)
  const [over, setOver] = useState(false)
  const [chosen, setChosen] = useState<{ name: string; size: number }[]>([])
  const read = () => setChosen([...(ref.current?.files ?? [])].map((f) => ({ name: f.name, size: f.size })))
  const drop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault()
    setOver(false)
    const element = ref.current
    if (element === null || event.dataTransfer.files.length === 0) return
    element.files = event.dataTransfer.files
    read()
    element.dispatchEvent(new Event('change', { bubbles: true }))
  }
  const invalid = (errors?.length ?? 0) > 0
  const percent = progress == null ? null : Math.round(progress * 100)
  return (
    <div className={`pc-field pc-file-drop${invalid ? ' pc-field--invalid' : ''}`}>
      <span className="pc-field__label" id={`${id}-label`}>
        {label}
      </span>
      <label
        htmlFor={id}
        className={`pc-file-drop__zone${over ? ' pc-file-drop__zone--over' : ''}`}
        onDragOver={(event) => {
          event.preventDefault()
          setOver(true)
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <Icon name="upload" size={20} />
        <span>{labels.drop}</span>
        <input
          ref={ref}
          id={id}
          type="file"
          className="pc-file-drop__input"
          aria-labelledby={`${id}-label`}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy(id, { label, errors: errors ?? [], ...(hint ? { hint } : {}) })}
          onChange={(event) => {
            read()
            onChange?.(event)
          }}
          {...input}
        />
      </label>
      {chosen.length > 0 ? (
        <ul className="pc-file-drop__files">
          {chosen.map((f) => (
            <li key={f.name}>
              {f.name} <span className="pc-file-drop__size">({sizeOf(f.size)})</span>
            </li>
          ))}
        </ul>
      ) : null}
      {percent === null ? null : (
        <progress
          className="pc-file-drop__progress"
          max={100}
          value={percent}
          aria-label={labels.progress(percent)}
        />
      )}
      {hint ? (
        <p id={`${id}-hint`} className="pc-field__hint">
          {hint}
        </p>
      ) : null}
      {invalid ? (
        <ul id={`${id}-errors`} className="pc-field__errors">
          {errors?.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
