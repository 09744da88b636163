import AxeBuilder from "@axe-core/playwright"
import type { Page } from "playwright-core"

/** The page's axe violations as `rule: targets` lines; an empty list means none. */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page })
  if (include) builder.include(include)
  const { violations } = await builder.analyze()
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)
}
