/** The CRM's order page blocks of the orders feature (src/features/crm/ResourcePanels.tsx loads them with the page). */
export { OrderDeskPanel } from "./OrderDeskPanel.tsx"
