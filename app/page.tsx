export default function Home() {
  return <main>Kwikmart</main>;
}
