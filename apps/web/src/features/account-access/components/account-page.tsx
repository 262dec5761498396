import type { ReactNode } from "react";
import { PageTitle } from "../../../components/page-title/page-title";

interface AccountPageProps {
  /** The page's heading, and the first part of the document title. */
  heading: string;
  children: ReactNode;
}

/** The frame of the registration and password pages: a narrow column like the login screen's. */
export function AccountPage({ heading, children }: AccountPageProps) {
  return (
    <div className="row justify-content-center">
      <div className="col-sm-10 col-md-8 col-lg-6">
        <PageTitle>{heading}</PageTitle>
        <h1 className="h3 mb-3">{heading}</h1>
        {children}
      </div>
    </div>
  );
}
