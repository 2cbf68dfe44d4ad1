export default function TermsRoute() {
  return <div className="container py-12"><h1 className="text-3xl font-bold">Terms</h1></div>;
}
