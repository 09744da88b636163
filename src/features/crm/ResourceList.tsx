import { useEffect, useState } from "react"
import { useActorRef, useSelector } from "@xstate/react"
import { Link, useLocation, useSearch } from "wouter"
import { fromPromise } from "xstate"
import { crmListMachine, type Deleted, type ListPage, type ListRequest } from "../../../machines/crm-list.machine.ts"
import { crmMessages } from "../../../schemas/messages/crm.ts"
import { PER_PAGE_DEFAULT } from "../../../schemas/constants.ts"
import type { FieldValue, FormValues } from "../../../schemas/forms/types.ts"
import { messages } from "../../../schemas/messages/common.ts"
import { cleanFilters, filterNamesOf, filterValuesOf, listHref, type ListQuery, readListQuery, sameListQuery } from "../../../schemas/resources/list-query.ts"
import { Button, buttonClass } from "../../ui/Button.tsx"
import { useAction } from "../../ui/flows/use-action.ts"
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx"
import { Pagination } from "../../ui/Pagination.tsx"
import { pushAlert } from "../alerts/index.ts"
import { errorText, useApiErrorReporter } from "./api-errors.ts"
import { deleteRecords, downloadCsv, listRecords, restoreRecords } from "./crm-api.ts"
import * as css from "./page.css.ts"
import type { CrmRecord, ResourceDeclaration } from "./resource.ts"
import { useFilterOptions } from "./filter-options.ts"
import { FilterCounts } from "./FilterCounts.tsx"
import { PageTitle } from "./PageTitle.tsx"
import { PresetFields } from "./PresetFields.tsx"
import { ResourceTable } from "./ResourceTable.tsx"
import { ResourcePanels } from "./ResourcePanels.tsx"

const NO_ERRORS = {}

/**
 * The list page of any declared resource, driven by crmListMachine: the declaration's filter form
 * above the table, sortable column headings, pages below. The address carries page, filters and
 * sort, so the back button restores them. Rows can be selected and deleted together with one
 * confirmation; the alert of a delete offers 'Отменить'; 'Выгрузить CSV' saves every row the filters
 * select.
 */
export function ResourceList({ resource }: { resource: ResourceDeclaration }) {
  const [, navigate] = useLocation()
  const search = useSearch()
  const query = readListQuery(search, resource.filter, resource.sortable)
  const report = useApiErrorReporter()
  const actor = useActorRef(
    crmListMachine.provide({
      actors: {
        loadPage: fromPromise<ListPage, ListRequest>(({ input }) => listRecords(resource, input)),
        deleteItems: fromPromise<Deleted, { ids: readonly string[] }>(({ input }) => deleteRecords(resource, input.ids)),
        restore: fromPromise<{ count: number }, { token: string }>(({ input }) => restoreRecords(resource, input.token)),
      },
      actions: {
        syncLocation: ({ context }) => navigate(listHref(resource.routeBase, context)),
        reportError: (_, { error }) => report(error),
        notifyDeleted: (_, { label, count, token }) =>
          pushAlert({
            text: count === 1 && label ? messages.admin.deleted(label) : crmMessages.deletedMany(count),
            tone: "success",
            action: { label: crmMessages.undo, run: () => undo(token) },
          }),
        notifyRestored: (_, { count }) => pushAlert({ text: crmMessages.restored(count), tone: "success" }),
      },
    }),
    { input: query },
  )
  // The undo of a delete: through the list when it is still on screen (it reloads), else straight to the API.
  function undo(token: string) {
    if (actor.getSnapshot().status === "active") actor.send({ type: "UNDO", token })
    else
      restoreRecords(resource, token).then(
        ({ count }) => pushAlert({ text: crmMessages.restored(count), tone: "success" }),
        (error: unknown) => report(error as never),
      )
  }
  const snapshot = useSelector(actor, (s) => s)
  const { page, filters, sort, totalPages, totalCount, pending, error, selected } = snapshot.context
  const exporting = useAction((query: Pick<ListQuery, "filters" | "sort">) => downloadCsv(resource, query), { onFailure: report, onRefused: report })
  const items = snapshot.context.items as readonly CrmRecord[]

  // Back and forward: the address leads, the machine follows.
  const href = listHref("", query)
  useEffect(() => {
    const { context } = actor.getSnapshot()
    if (!sameListQuery(context, query)) actor.send({ type: "LOCATION", ...query })
    // `href` stands for the whole query.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor, href])

  // The filter form's values as typed, until 'Найти'; the applied filters when they change.
  const applied = listHref("", { page: 1, filters, sort: "" })
  const [draft, setDraft] = useState<FormValues>(() => filterValuesOf(resource.filter, filters))
  const filterOptions = useFilterOptions(resource)
  const [draftFor, setDraftFor] = useState(applied)
  if (draftFor !== applied) {
    setDraftFor(applied)
    setDraft(filterValuesOf(resource.filter, filters))
  }
  const filtered = Object.keys(filters).length > 0

  // A record is named by its label, never by its id: one row chosen by its checkbox too.
  const single = pending?.ids.length === 1 ? items.find((r) => r.id === pending.ids[0]) : undefined
  const pendingLabel = pending?.label || (single ? resource.labelOf(single) : "")
  const loading = snapshot.matches("loading")
  const confirming = snapshot.matches("confirming") || snapshot.matches("deleting")
  return (
    <section aria-labelledby="crm-list-title">
      <PageTitle title={resource.title} />
      <div className={css.pageHeader}>
        <h1 id="crm-list-title" className={css.title}>
          {resource.title}
        </h1>
        <div className={css.headerActions}>
          <Button
            type="button"
            variant="secondary"
            onClick={() => exporting.run({ filters, sort })}
            {...exporting.trigger}
          >
            {crmMessages.exportCsv}
          </Button>
          {!resource.readOnly && (
            <Button type="button" variant="secondary" disabled={selected.length === 0 || !snapshot.matches("loaded")} onClick={() => actor.send({ type: "DELETE_SELECTED" })}>
              {crmMessages.deleteSelected(selected.length)}
            </Button>
          )}
          {!resource.readOnly && (
            <Link href={`${resource.routeBase}/new`} className={buttonClass("accent")}>
              {messages.admin.add}
            </Link>
          )}
        </div>
      </div>
      {resource.panels?.list && <ResourcePanels names={resource.panels.list} resource={resource} record={null} onChanged={() => actor.send({ type: "RELOAD" })} />}
      <form
        role="search"
        className={css.searchForm}
        onSubmit={(e) => {
          e.preventDefault()
          actor.send({ type: "FILTER", filters: cleanFilters(draft, filterNamesOf(resource.filter)) })
        }}
      >
        <div className={`${css.searchField} ${css.filterGrid}`}>
          <PresetFields
            preset={resource.filter}
            values={draft}
            errors={NO_ERRORS}
            options={filterOptions}
            onChange={(name: string, value: FieldValue) => setDraft((d) => ({ ...d, [name]: value }))}
          />
        </div>
        <Button type="submit" variant="secondary">
          {messages.admin.search}
        </Button>
        {filtered && (
          <Button type="button" variant="ghost" onClick={() => actor.send({ type: "FILTER", filters: {} })}>
            {messages.admin.searchReset}
          </Button>
        )}
      </form>
      {resource.counts && <FilterCounts resource={resource} filters={filters} sort={sort} total={totalCount} />}
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
          <ResourceTable
            resource={resource}
            items={items}
            busy={loading || confirming}
            sort={sort}
            selected={selected}
            onToggle={(id) => actor.send({ type: "TOGGLE", id })}
            onTogglePage={() => actor.send({ type: "TOGGLE_PAGE" })}
            onSort={(next) => actor.send({ type: "SORT", sort: next })}
            onDelete={(r) => actor.send({ type: "DELETE", id: r.id, label: resource.labelOf(r) })}
          />
        )}
      </div>
      <div className={css.footer}>
        <span>{snapshot.matches("loaded") || confirming ? messages.admin.totalCount(totalCount) : ""}</span>
        <Pagination
          page={page}
          totalPages={totalPages}
          pageSize={PER_PAGE_DEFAULT}
          hrefOf={(p) => listHref(resource.routeBase, { page: p, filters, sort })}
          onPageChange={(p) => actor.send({ type: "PAGE", page: p })}
          labels={{ root: messages.admin.pagination, prev: messages.admin.prevPage, next: messages.admin.nextPage, page: messages.admin.pageLabel }}
        />
      </div>
      <ConfirmDialog
        open={confirming}
        busy={snapshot.matches("deleting")}
        title={pending && pending.ids.length > 1 ? crmMessages.confirmTitleMany : messages.admin.confirmTitle}
        description={pendingLabel ? crmMessages.confirmText(pendingLabel) : crmMessages.confirmTextMany(pending?.ids.length ?? 0)}
        confirmLabel={messages.admin.confirmDelete}
        cancelLabel={messages.admin.cancel}
        onConfirm={() => actor.send({ type: "CONFIRM" })}
        onCancel={() => actor.send({ type: "CANCEL" })}
      />
    </section>
  )
}
