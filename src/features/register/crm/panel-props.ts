/** What the CRM's generic pages hand a panel (src/features/crm/ResourcePanels.tsx `PanelProps`, kept structural: no import back into crm). */
export interface PanelProps {
  readonly resource: { readonly apiPath: string }
  readonly record: { readonly id: string } | null
  readonly onChanged: () => void
}
