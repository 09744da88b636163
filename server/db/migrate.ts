import { type Migration, type MigrationProvider, Migrator } from "kysely"
import type { Db } from "./index.ts"
import { init } from "./migrations/0001_init.ts"
import { accounts } from "./migrations/0002_accounts.ts"
import { sessionCutoff } from "./migrations/0003_session_cutoff.ts"
import { requests } from "./migrations/0004_requests.ts"
import { faqRubrics } from "./migrations/0005_faq_rubrics.ts"
import { content } from "./migrations/0006_content.ts"
import { rolesAudit } from "./migrations/0007_roles_audit.ts"
import { search } from "./migrations/0008_search.ts"
import { salesRequests } from "./migrations/0009_sales_requests.ts"
import { orders } from "./migrations/0010_orders.ts"
import { services } from "./migrations/0011_services.ts"
import { payments } from "./migrations/0012_payments.ts"
import { licences } from "./migrations/0013_licences.ts"
import { trust } from "./migrations/0014_trust.ts"
import { register } from "./migrations/0015_register.ts"
import { cacheGeneration } from "./migrations/0016_cache.ts"
import { sessionVersion } from "./migrations/0019_session_version.ts"
import { paymentBalance } from "./migrations/0017_payment_balance.ts"
import { rateCounters } from "./migrations/0020_rate_counters.ts"
import { staffTotp } from "./migrations/0021_staff_totp.ts"
import { epoaMenuLink } from "./migrations/0022_epoa_menu_link.ts"
import { userReturnTo } from "./migrations/0023_user_return_to.ts"
import { requisites } from "./migrations/0024_requisites.ts"
import { identityChecks } from "./migrations/0025_identity_checks.ts"
import { staffMoney } from "./migrations/0026_staff_money.ts"
import { staffOffice } from "./migrations/0027_staff_office.ts"
import { accreditation } from "./migrations/0028_accreditation.ts"

/** Migrations are plain modules listed here in order, so bundling or tsx never has to scan a folder. */
function provider(db: Db): MigrationProvider {
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return { "0001_init": init(db.dialect), "0002_accounts": accounts(db.dialect), "0003_session_cutoff": sessionCutoff(), "0004_requests": requests(db.dialect), "0005_faq_rubrics": faqRubrics(db.dialect), "0006_content": content(db.dialect), "0007_roles_audit": rolesAudit(db.dialect), "0008_search": search(db.dialect), "0009_sales_requests": salesRequests(db.dialect), "0010_orders": orders(db.dialect), "0011_services": services(), "0012_payments": payments(), "0013_licences": licences(), "0014_trust": trust(db.dialect), "0015_register": register(), "0016_cache": cacheGeneration(), "0017_payment_balance": paymentBalance(db.dialect), "0019_session_version": sessionVersion(), "0020_rate_counters": rateCounters(), "0021_staff_totp": staffTotp(db.dialect), "0022_epoa_menu_link": epoaMenuLink(), "0023_user_return_to": userReturnTo(), "0024_requisites": requisites(db.dialect), "0025_identity_checks": identityChecks(db.dialect), "0026_staff_money": staffMoney(), "0027_staff_office": staffOffice(), "0028_accreditation": accreditation() }
    },
  }
}

export async function migrate(db: Db): Promise<void> {
  const migrator = new Migrator({ db: db.kysely, provider: provider(db) })
  const { error, results } = await migrator.migrateToLatest()
  for (const r of results ?? []) if (r.status === "Error") console.error(`migration ${r.migrationName} failed`)
  if (error) throw error
}
