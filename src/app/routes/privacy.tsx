export default function PrivacyRoute() {
  return <div className="container py-12"><h1 className="text-3xl font-bold">Privacy</h1></div>;
}
