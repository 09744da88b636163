import * as fileUpload from "@zag-js/file-upload"
import { normalizeProps, useMachine } from "@zag-js/react"
import { useSelector } from "@xstate/react"
import { useEffect, useLayoutEffect, useRef, useState } from "react"
import { type Actor, createActor, fromCallback } from "xstate"
import { type UploadEvent, uploadMachine, type UploadSource } from "../../../../machines/upload.machine.ts"
import type { FileValue, UploadAccept } from "../../../../schemas/forms/types.ts"
import { messages } from "../../../../schemas/messages/common.ts"
import { widgetMessages } from "../../../../schemas/messages/widget.ts"
import { acceptAttribute, FILE_MAX_BYTES, UPLOAD_EXTENSIONS } from "../../../../schemas/rules/files.ts"
import { errorIdOf } from "../../../ui/field-errors.tsx"
import { label as labelClass } from "../../../ui/field.css.ts"
import type { FieldProps } from "../field-props.ts"
import { asClientError } from "../../../api/client.ts"
import { pushAlert } from "../../alerts/index.ts"
import { downloadUpload, sendUpload } from "../services/uploads.ts"
import { FieldFrame, hintIdOf, labelIdOf } from "./FieldFrame.tsx"
import * as css from "./service-fields.css.ts"

const t = widgetMessages.upload

/** The XMLHttpRequest sender of the upload machine: progress, then the stored file or a message. */
const uploaderTo = (publicAccept?: UploadAccept) =>
  uploadMachine.provide({
    actors: {
      send: fromCallback<UploadEvent, UploadSource>(({ input, sendBack }) =>
        sendUpload(
          input as File,
          {
            onProgress: (percent) => sendBack({ type: "PROGRESS", percent }),
            onDone: (file) => sendBack({ type: "UPLOADED", file }),
            onFail: (message) => sendBack({ type: "FAILED", message }),
          },
          publicAccept,
        ),
      ),
    },
  })
const uploader = uploaderTo()
/** A CRM field with `publicFile` sends to the CRM's public files, with its extension list. */
const publicUploaders = new Map<UploadAccept, typeof uploader>()
const uploaderFor = (field: FieldProps<readonly FileValue[] | null>["field"], accept: UploadAccept): typeof uploader => {
  if (field.attributes?.publicFile !== true) return uploader
  const known = publicUploaders.get(accept) ?? uploaderTo(accept)
  publicUploaders.set(accept, known)
  return known
}

type UploadActor = Actor<typeof uploader>

interface Rejected {
  readonly key: string
  readonly name: string
  readonly message: string
}

const rejectionText = (errors: readonly string[]): string =>
  errors.includes("FILE_INVALID_TYPE")
    ? messages.validation.fileExtension
    : errors.includes("FILE_TOO_LARGE")
      ? messages.validation.fileSize
      : errors.includes("TOO_MANY_FILES")
        ? t.tooMany
        : messages.validation.generic

/** Bytes as the visitor reads them: "340 Кб", "1,2 Мб". */
function formatSize(bytes: number): string {
  const n = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 1 })
  if (bytes < 1000) return `${bytes} Б`
  if (bytes < 1_000_000) return `${n.format(bytes / 1000)} Кб`
  return `${n.format(bytes / 1_000_000)} Мб`
}

let seq = 0
const nextKey = () => `u${(seq += 1)}`

/**
 * A file field (`upload`): a drop zone with a button on Zag's file upload, accepting the extensions
 * of `attributes.accept` up to 30 Мб each (checked before sending, with the spec's messages), one file
 * or, with `attributes.multiple`, several. Each accepted file runs its own upload machine (progress
 * bar, then done, or a message with a retry). The value is the file list: files uploaded now and
 * earlier; removing one marks it `isDeleted` (the server drops it on save) rather than forgetting it.
 */
export function UploadField({ field, id, value, errors, disabled, onChange, onBlur }: FieldProps<readonly FileValue[] | null>) {
  const accept = field.attributes?.accept ?? "files"
  const multiple = field.attributes?.multiple === true
  const files = Array.isArray(value) ? (value as readonly FileValue[]) : []
  const [uploads, setUploads] = useState<ReadonlyArray<{ key: string; actor: UploadActor }>>([])
  const [rejected, setRejected] = useState<readonly Rejected[]>([])
  const latest = useRef({ files, onChange, onBlur, multiple })
  const live = useRef(uploads)
  useLayoutEffect(() => {
    latest.current = { files, onChange, onBlur, multiple }
    live.current = uploads
  })

  // Uploads in flight are aborted when they are dropped and when the field goes away.
  useEffect(() => () => live.current.forEach((u) => u.actor.stop()), [])

  const forget = (key: string) => {
    live.current.find((u) => u.key === key)?.actor.stop()
    setUploads((list) => list.filter((u) => u.key !== key))
  }

  const start = (picked: readonly File[]) => {
    const started = picked.map((file) => {
      const key = nextKey()
      const actor = createActor(uploaderFor(field, accept), { input: { source: file } })
      actor.subscribe((s) => {
        if (s.status !== "done" || !s.context.result) return
        const { files: now, onChange: change, onBlur: touch, multiple: many } = latest.current
        // One file only: the new one replaces the earlier ones, which are marked deleted.
        const kept = many ? now : now.map((f) => (f.isDeleted ? f : { ...f, isDeleted: true }))
        const next = [...kept, s.context.result]
        // Two uploads may finish before the form renders again: the second builds on the first.
        latest.current = { ...latest.current, files: next }
        change(next)
        touch()
        forget(key)
      })
      actor.start()
      actor.send({ type: "START" })
      return { key, actor }
    })
    if (!latest.current.multiple) live.current.forEach((u) => u.actor.stop())
    setUploads((list) => (latest.current.multiple ? [...list, ...started] : started))
  }

  const service = useMachine(fileUpload.machine, {
    id,
    ids: { trigger: id, hiddenInput: `${id}-input`, label: labelIdOf(id) },
    accept: acceptAttribute(accept),
    maxFileSize: FILE_MAX_BYTES,
    maxFiles: multiple ? Number.POSITIVE_INFINITY : 1,
    // Controlled and always empty: an accepted file goes straight to its upload machine.
    acceptedFiles: [],
    disabled,
    invalid: errors.length > 0,
    onFileAccept: ({ files: picked }) => {
      if (picked.length === 0) return
      setRejected([])
      start(picked)
    },
    onFileReject: ({ files: refused }) => {
      if (refused.length === 0) return
      setRejected(refused.map((r) => ({ key: nextKey(), name: r.file.name, message: rejectionText(r.errors) })))
    },
  })
  const api = fileUpload.connect(service, normalizeProps)

  // Forget Zag's rejections once shown, so refusing the same file again is reported again. Once per
  // refusal: the service is a new object on every render, and clearing sets a new empty list, which
  // renders again; keyed on it, this effect kept the page rendering for ever after a refused file.
  const clearRejections = useRef(() => service.send({ type: "REJECTED_FILES.CLEAR" }))
  useLayoutEffect(() => {
    clearRejections.current = () => service.send({ type: "REJECTED_FILES.CLEAR" })
  })
  useEffect(() => {
    if (rejected.length > 0) clearRejections.current()
  }, [rejected])

  const remove = (file: FileValue) => {
    onChange(files.map((f) => (f === file ? { ...f, isDeleted: true } : f)))
    onBlur()
  }

  const shown = files.filter((f) => !f.isDeleted)
  // The preset's hint usually names the formats already; else the field says them itself.
  const formatsId = field.attributes?.hint ? hintIdOf(id) : hintIdOf(`${id}-formats`)
  const describedBy = [formatsId, errors.length > 0 ? errorIdOf(id) : null].filter(Boolean).join(" ")
  const extensions = UPLOAD_EXTENSIONS[accept].join(", ")

  return (
    <FieldFrame
      id={id}
      field={field}
      errors={errors}
      label={
        field.label ? (
          <span id={labelIdOf(id)} className={labelClass}>
            {field.label}
          </span>
        ) : undefined
      }
    >
      <div {...api.getRootProps()} role="group" aria-labelledby={field.label ? labelIdOf(id) : undefined}>
        <div {...api.getDropzoneProps({ disableClick: true })} role={undefined} aria-label={undefined} className={css.dropzone}>
          <span>{multiple ? t.drop : t.dropOne}</span>
          <button
            {...api.getTriggerProps()}
            className={css.smallButton}
            aria-describedby={describedBy}
            // The engine brings the visitor to the first field marked invalid after a refused submit.
            aria-invalid={errors.length > 0}
            onBlur={onBlur}
          >
            {multiple ? t.choose : t.chooseOne}
          </button>
          {field.attributes?.hint ? null : (
            <span id={formatsId} className={css.muted}>
              {t.formats(extensions, FILE_MAX_BYTES / 1_000_000)}
            </span>
          )}
        </div>
        <input {...api.getHiddenInputProps()} />
      </div>
      {shown.length + uploads.length + rejected.length > 0 ? (
        <ul className={css.fileList} aria-label={t.loaded}>
          {shown.map((f) => (
            <li key={`${f.url}-${f.name}`} className={css.fileItem}>
              <a
                className={css.fileName}
                href={f.url}
                target="_blank"
                rel="noopener noreferrer"
                onClick={(e) => {
                  if (!f.url.startsWith("/api/")) return
                  e.preventDefault()
                  downloadUpload(f).catch((err: unknown) => pushAlert({ text: asClientError(err).message, apiError: true }))
                }}
              >
                {f.name}
              </a>
              {f.size !== undefined ? <span className={css.fileSize}>{formatSize(f.size)}</span> : null}
              <button type="button" className={css.smallButton} disabled={disabled} aria-label={t.remove(f.name)} onClick={() => remove(f)}>
                {messages.admin.remove}
              </button>
            </li>
          ))}
          {uploads.map((u) => (
            <UploadItem key={u.key} actor={u.actor} onForget={() => forget(u.key)} />
          ))}
          {rejected.map((r) => (
            <li key={r.key} className={css.fileItem}>
              <span className={css.fileName}>{r.name}</span>
              <button type="button" className={css.smallButton} aria-label={t.dismiss(r.name)} onClick={() => setRejected((list) => list.filter((x) => x.key !== r.key))}>
                ×
              </button>
              <p className={css.fileError} role="alert">
                {r.message}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </FieldFrame>
  )
}

/** A file on its way: its name and progress bar, or its failure with a retry. */
function UploadItem({ actor, onForget }: { actor: UploadActor; onForget: () => void }) {
  const state = useSelector(actor, (s) => (s.matches("failed") ? "failed" : "uploading"))
  const progress = useSelector(actor, (s) => s.context.progress)
  const error = useSelector(actor, (s) => s.context.error)
  const name = actor.getSnapshot().context.source.name
  return (
    <li className={css.fileItem} data-upload={state}>
      <span className={css.fileName}>{name}</span>
      <span className={css.fileSize}>{formatSize(actor.getSnapshot().context.source.size)}</span>
      {state === "failed" ? (
        <>
          <button type="button" className={css.smallButton} onClick={() => actor.send({ type: "RETRY" })}>
            {t.retry}
          </button>
          <button type="button" className={css.smallButton} aria-label={t.dismiss(name)} onClick={onForget}>
            ×
          </button>
          <p className={css.fileError} role="alert">
            {error}
          </p>
        </>
      ) : (
        <>
          <button type="button" className={css.smallButton} aria-label={t.cancel(name)} onClick={onForget}>
            ×
          </button>
          <div className={css.progress} role="progressbar" aria-label={t.uploading(name)} aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}>
            <div className={css.progressFill} style={{ width: `${progress}%` }} />
          </div>
        </>
      )}
    </li>
  )
}
