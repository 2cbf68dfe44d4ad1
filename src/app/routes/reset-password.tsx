export default function ResetPasswordRoute() {
  return <div className="container py-12"><h1 className="text-3xl font-bold">ResetPassword</h1></div>;
}
