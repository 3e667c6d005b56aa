//! Cross-site form posts are refused (issue 12, defect 8): another site's page cannot subscribe
//! an address, unsubscribe a reader or write client errors through a visitor's browser. Posts
//! without Origin and Sec-Fetch-Site (servers, curl, one-click unsubscribe of mail programs)
//! and the SPA's own JSON keep working.

use crate::common::*;
use serde_json::json;

const FORM: &str = "application/x-www-form-urlencoded";
const SUBSCRIBE: &str = "/email/marketing/subscribe";
const SUBSCRIPTIONS: &str = "SELECT count(*) FROM newsletter_subscriptions";

fn refused(a: &Answer) {
    assert_eq!(a.status, 403, "{}", a.body);
    assert_eq!(a.json()["success"], false);
    assert_eq!(a.json()["code"], "CrossSiteRequest", "{}", a.body);
}

#[tokio::test]
async fn a_form_post_from_another_site_subscribes_no_one_and_our_own_still_do() {
    let env = spawn_env().await;
    let mut c = Client::new(&env);
    let form = || format!("EmailAddress={}%40example.com", unique("victim"));
    let a = c
        .send_with(
            "POST",
            SUBSCRIBE,
            Some(FORM),
            form(),
            &[("sec-fetch-site", "cross-site")],
        )
        .await;
    refused(&a);
    let a = c
        .send_with(
            "POST",
            SUBSCRIBE,
            Some(FORM),
            form(),
            &[("host", "shop.example"), ("origin", "https://evil.example")],
        )
        .await;
    refused(&a);
    // Without Host the Origin matches nothing of ours; text/plain is a form a page can send.
    let a = c
        .send_with(
            "POST",
            SUBSCRIBE,
            Some("text/plain"),
            form(),
            &[("origin", "https://evil.example")],
        )
        .await;
    refused(&a);
    assert_eq!(count(&env.pool, SUBSCRIPTIONS).await, 0);
    assert_eq!(
        count(&env.pool, "SELECT count(*) FROM events").await,
        0,
        "nothing was recorded"
    );

    // The store's own form, the SPA's JSON and a client without either header still subscribe.
    let a = c
        .send_with(
            "POST",
            SUBSCRIBE,
            Some(FORM),
            format!("EmailAddress={}%40example.com", unique("form")),
            &[
                ("host", "shop.example"),
                ("origin", "https://shop.example"),
                ("sec-fetch-site", "same-origin"),
            ],
        )
        .await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(count(&env.pool, SUBSCRIPTIONS).await, 1);
    let a = c
        .send_with(
            "POST",
            SUBSCRIBE,
            Some("application/json"),
            json!({"EmailAddress": format!("{}@example.com", unique("spa"))}).to_string(),
            &[
                ("host", "127.0.0.1:8080"),
                ("origin", "http://127.0.0.1:8080"),
                ("sec-fetch-site", "same-origin"),
            ],
        )
        .await;
    assert_eq!(a.json(), json!({"success": true}), "{}", a.body);
    let a = c
        .post(
            SUBSCRIBE,
            json!({"EmailAddress": format!("{}@example.com", unique("plain"))}),
        )
        .await;
    assert_eq!(a.json(), json!({"success": true}), "{}", a.body);
    assert_eq!(count(&env.pool, SUBSCRIPTIONS).await, 3);
}

#[tokio::test]
async fn a_cross_site_form_post_to_the_client_log_is_refused() {
    let env = spawn_env().await;
    let mut c = Client::new(&env);
    for headers in [
        &[("sec-fetch-site", "cross-site")][..],
        &[("host", "shop.example"), ("origin", "https://evil.example")][..],
    ] {
        let a = c
            .send_with(
                "POST",
                "/a/log/",
                Some(FORM),
                "url=%2Fx&error=forged".into(),
                headers,
            )
            .await;
        refused(&a);
    }
    assert_eq!(
        count(&env.pool, "SELECT count(*) FROM client_errors").await,
        0
    );
    // The same form from the store's own page is stored.
    let a = c
        .send_with(
            "POST",
            "/a/log/",
            Some(FORM),
            "url=%2Fx&error=ours".into(),
            &[("host", "shop.example"), ("origin", "https://shop.example")],
        )
        .await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(
        count(&env.pool, "SELECT count(*) FROM client_errors").await,
        1
    );
}

#[tokio::test]
async fn one_click_unsubscribe_works_and_a_cross_site_one_does_not() {
    let env = spawn_env().await;
    let mut c = Client::new(&env);
    let email = format!("{}@example.com", unique("reader"));
    let a = c.post(SUBSCRIBE, json!({"EmailAddress": email})).await;
    assert_eq!(a.json(), json!({"success": true}), "{}", a.body);
    let keys = command::privacy::keys().unwrap();
    let token = keys.unsubscribe_token(&keys.subject_for_email(&email));
    let link = format!("/email/marketing/unsubscribe?token={token}");
    let one_click = || "List-Unsubscribe=One-Click".to_string();

    // Another site's page posting the same form through a reader's browser.
    let a = c
        .send_with(
            "POST",
            &link,
            Some(FORM),
            one_click(),
            &[("sec-fetch-site", "cross-site")],
        )
        .await;
    refused(&a);
    let a = c
        .send_with(
            "POST",
            &link,
            Some(FORM),
            one_click(),
            &[("origin", "https://evil.example")],
        )
        .await;
    refused(&a);
    assert_eq!(count(&env.pool, SUBSCRIPTIONS).await, 1);

    // The mail program's post (RFC 8058): server to server, no Origin, no Sec-Fetch-Site.
    let mut mailer = c.other();
    let a = mailer.send("POST", &link, Some(FORM), one_click()).await;
    assert_eq!(a.json(), json!({"success": true}), "{}", a.body);
    assert_eq!(count(&env.pool, SUBSCRIPTIONS).await, 0);
    assert_eq!(
        count(
            &env.pool,
            "SELECT count(*) FROM events WHERE event_type = 'Unsubscribed'"
        )
        .await,
        1
    );
}
