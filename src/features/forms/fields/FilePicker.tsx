import * as fileUpload from "@zag-js/file-upload"
import { normalizeProps, useMachine } from "@zag-js/react"
import { messages } from "../../../../schemas/messages/common.ts"
import { widgetMessages } from "../../../../schemas/messages/widget.ts"
import { errorIdOf, FieldError } from "../../../ui/field-errors.tsx"
import { field as fieldClass, label as labelClass } from "../../../ui/field.css.ts"
import { labelIdOf } from "./FieldFrame.tsx"
import * as css from "./service-fields.css.ts"

const t = widgetMessages.upload

export interface FilePickerProps {
  readonly id: string
  /** The form data's name of the file. */
  readonly name: string
  readonly label: string
  /** The file dialog's filter (`accept` of a file input); the page's server judges the file itself. */
  readonly accept?: string
  readonly file: File | null
  readonly errors: readonly string[]
  readonly disabled?: boolean
  readonly onChange: (file: File | null) => void
}

/**
 * One file the page sends itself (the upload widget's drop zone and button, on Zag's file upload),
 * where the form engine's `upload` field sends each file to the uploads API first. The button is named
 * by the field's label and carries its errors; the chosen file is listed under it with 'Удалить'.
 */
export function FilePicker({ id, name, label, accept, file, errors, disabled = false, onChange }: FilePickerProps) {
  const labelId = labelIdOf(id)
  const textId = `${id}-text`
  const invalid = errors.length > 0
  const service = useMachine(fileUpload.machine, {
    id,
    ids: { trigger: id, hiddenInput: `${id}-input`, label: labelId },
    name,
    maxFiles: 1,
    acceptedFiles: file ? [file] : [],
    disabled,
    invalid,
    onFileAccept: ({ files }) => {
      if (files[0]) onChange(files[0])
    },
  })
  const api = fileUpload.connect(service, normalizeProps)
  return (
    <div className={fieldClass}>
      <span id={labelId} className={labelClass}>
        {label}
      </span>
      <div {...api.getRootProps()}>
        <div {...api.getDropzoneProps({ disableClick: true })} role={undefined} aria-label={undefined} aria-invalid={invalid || undefined} className={css.dropzone}>
          <span>{t.dropOne}</span>
          <button
            {...api.getTriggerProps()}
            className={css.smallButton}
            aria-labelledby={`${labelId} ${textId}`}
            aria-describedby={invalid ? errorIdOf(id) : undefined}
            aria-invalid={invalid}
          >
            <span id={textId}>{t.chooseOne}</span>
          </button>
        </div>
        {/* The filter of the dialog only, as a plain file input's: the machine itself refuses nothing. */}
        <input {...api.getHiddenInputProps()} accept={accept || undefined} />
      </div>
      {file ? (
        <ul className={css.fileList} aria-label={t.loaded}>
          <li className={css.fileItem}>
            <span className={css.fileName}>{file.name}</span>
            <button type="button" className={css.smallButton} disabled={disabled} aria-label={t.remove(file.name)} onClick={() => onChange(null)}>
              {messages.admin.remove}
            </button>
          </li>
        </ul>
      ) : null}
      <FieldError id={id} errors={errors} />
    </div>
  )
}
