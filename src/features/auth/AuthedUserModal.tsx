import { Link, useLocation } from "wouter"
import { messages } from "../../../schemas/messages/common.ts"
import { Button, buttonClass } from "../../ui/Button.tsx"
import { Modal } from "../../ui/Modal.tsx"
import { useModal, useModalActors } from "../modals/index.ts"
import { useSession } from "../session/index.ts"
import * as css from "./auth.css.ts"
import { ACCOUNT_PATH } from "./redirect.ts"

const t = messages.auth

/** The authed-user modal: who is signed in, 'Личный кабинет' and 'Выйти' (then home); opened by `useModals().openUser`. */
export default function AuthedUserModal() {
  const { open, close: onClose } = useModal(useModalActors().user)
  const { user, level, logout } = useSession()
  const [, navigate] = useLocation()
  if (!user) return null
  return (
    <Modal open={open} title={user.fullname || user.email} onClose={onClose} size="small">
      <p className={css.userFacts}>
        <span>{user.email}</span>
        {level === "director" && <span>{t.director}</span>}
      </p>
      <div className={css.actions}>
        <Link href={ACCOUNT_PATH} className={buttonClass("primary")} onClick={onClose}>
          {t.account}
        </Link>
        <Button
          variant="secondary"
          onClick={() => {
            onClose()
            void logout().then((out) => out && navigate("/"))
          }}
        >
          {t.logout}
        </Button>
      </div>
    </Modal>
  )
}
