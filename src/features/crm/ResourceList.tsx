import { useEffect, useState } from "react"
import { useActorRef, useSelector } from "@xstate/react"
import { Link, useLocation, useSearch } from "wouter"
import { fromPromise } from "xstate"
import { crmListMachine, type ListPage } from "../../../machines/crm-list.machine.ts"
import { PER_PAGE_DEFAULT } from "../../../schemas/constants.ts"
import { messages } from "../../../schemas/messages.ts"
import { Button, buttonClass } from "../../ui/Button.tsx"
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx"
import { Pagination } from "../../ui/Pagination.tsx"
import { TextField } from "../../ui/TextField.tsx"
import { pushAlert } from "../alerts/alerts.ts"
import { errorText, useApiErrorReporter } from "./api-errors.ts"
import { deleteRecord, listRecords } from "./crm-api.ts"
import * as css from "./page.css.ts"
import { listHref, type CrmListResource, type CrmRecord } from "./resource.ts"
import { PageTitle } from "./PageTitle.tsx"
import { ResourceTable } from "./ResourceTable.tsx"

const readQuery = (search: string) => {
  const params = new URLSearchParams(search)
  const page = Number(params.get("page") ?? "1")
  return { page: Number.isInteger(page) && page > 0 ? page : 1, q: (params.get("q") ?? "").trim() }
}

/** The list page of any declared resource, driven by crmListMachine; the address carries page and query. */
export function ResourceList<R extends CrmRecord>({ resource }: { resource: CrmListResource<R> }) {
  const [, navigate] = useLocation()
  const search = useSearch()
  const query = readQuery(search)
  const report = useApiErrorReporter()
  const actor = useActorRef(
    crmListMachine.provide({
      actors: {
        loadPage: fromPromise<ListPage, { page: number; q: string }>(({ input }) => listRecords(resource, input)),
        deleteItem: fromPromise<void, { id: string }>(({ input }) => deleteRecord(resource, input.id)),
      },
      actions: {
        syncLocation: ({ context }) => navigate(listHref(resource.routeBase, context.page, context.q)),
        reportError: (_, { error }) => report(error),
        notifyDeleted: (_, { label }) => pushAlert({ text: messages.admin.deleted(label), tone: "success" }),
      },
    }),
    { input: query },
  )
  const snapshot = useSelector(actor, (s) => s)
  const { page, q, totalPages, totalCount, pending, error } = snapshot.context
  const items = snapshot.context.items as readonly R[]

  // Back and forward: the address leads, the machine follows.
  useEffect(() => {
    const { context } = actor.getSnapshot()
    if (context.page !== query.page || context.q !== query.q) actor.send({ type: "LOCATION", page: query.page, q: query.q })
  }, [actor, query.page, query.q])

  const [draft, setDraft] = useState(q)
  const [draftFor, setDraftFor] = useState(q)
  if (draftFor !== q) {
    setDraftFor(q)
    setDraft(q)
  }

  const loading = snapshot.matches("loading")
  const confirming = snapshot.matches("confirming") || snapshot.matches("deleting")
  return (
    <section aria-labelledby="crm-list-title">
      <PageTitle title={resource.title} />
      <div className={css.pageHeader}>
        <h1 id="crm-list-title" className={css.title}>
          {resource.title}
        </h1>
        {!resource.readOnly && (
          <Link href={`${resource.routeBase}/new`} className={buttonClass("accent")}>
            {messages.admin.add}
          </Link>
        )}
      </div>
      <form
        role="search"
        className={css.searchForm}
        onSubmit={(e) => {
          e.preventDefault()
          actor.send({ type: "SEARCH", q: draft })
        }}
      >
        <div className={css.searchField}>
          <TextField name="q" type="search" label={resource.search.label} placeholder={resource.search.placeholder} value={draft} onValueChange={setDraft} />
        </div>
        <Button type="submit" variant="secondary">
          {messages.admin.search}
        </Button>
      </form>
      <div aria-live="polite" aria-busy={loading} data-crm-list={String(snapshot.value)}>
        {snapshot.matches("failed") ? (
          <div className={css.failure} role="alert">
            <p>{error ? errorText(error) : messages.admin.loadFailed}</p>
            <Button variant="secondary" onClick={() => actor.send({ type: "RELOAD" })}>
              {messages.admin.retry}
            </Button>
          </div>
        ) : snapshot.matches("empty") ? (
          <p className={css.status}>{messages.empty}</p>
        ) : loading && items.length === 0 ? (
          <p className={css.status} role="status">
            {messages.admin.loading}
          </p>
        ) : (
          <ResourceTable resource={resource} items={items} busy={loading || confirming} onDelete={(r) => actor.send({ type: "DELETE", id: r.id, label: resource.labelOf(r) })} />
        )}
      </div>
      <div className={css.footer}>
        <span>{snapshot.matches("loaded") || confirming ? messages.admin.totalCount(totalCount) : ""}</span>
        <Pagination
          page={page}
          totalPages={totalPages}
          pageSize={PER_PAGE_DEFAULT}
          hrefOf={(p) => listHref(resource.routeBase, p, q)}
          onPageChange={(p) => actor.send({ type: "PAGE", page: p })}
          labels={{ root: messages.admin.pagination, prev: messages.admin.prevPage, next: messages.admin.nextPage, page: messages.admin.pageLabel }}
        />
      </div>
      <ConfirmDialog
        open={confirming}
        busy={snapshot.matches("deleting")}
        title={messages.admin.confirmTitle}
        description={messages.admin.confirmText(pending?.label ?? "")}
        confirmLabel={messages.admin.confirmDelete}
        cancelLabel={messages.admin.cancel}
        onConfirm={() => actor.send({ type: "CONFIRM" })}
        onCancel={() => actor.send({ type: "CANCEL" })}
      />
    </section>
  )
}
