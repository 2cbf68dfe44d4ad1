export default function AccountRoute() {
  return <div className="container py-12"><h1 className="text-3xl font-bold">Account</h1></div>;
}
