export function App() {
  return <main>Удостоверяющий центр</main>
}
