//! A real SMTP conversation for e-mail, and line types from the store's carrier lookup.

use super::*;

/// A minimal SMTP server that accepts every message and keeps its DATA.
async fn start_fake_smtp() -> (u16, Arc<Mutex<Vec<String>>>) {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let received: Arc<Mutex<Vec<String>>> = Arc::default();
    let kept = received.clone();
    tokio::spawn(async move {
        loop {
            let Ok((socket, _)) = listener.accept().await else {
                return;
            };
            let kept = kept.clone();
            tokio::spawn(async move {
                let (read, mut write) = socket.into_split();
                let mut lines = BufReader::new(read).lines();
                write.write_all(b"220 fake ESMTP\r\n").await.unwrap();
                let mut data: Option<String> = None;
                while let Ok(Some(line)) = lines.next_line().await {
                    if let Some(body) = data.as_mut() {
                        if line == "." {
                            kept.lock().unwrap().push(data.take().unwrap());
                            write.write_all(b"250 queued\r\n").await.unwrap();
                        } else {
                            body.push_str(&line);
                            body.push('\n');
                        }
                        continue;
                    }
                    let verb = line.split_whitespace().next().unwrap_or("").to_uppercase();
                    let reply: &[u8] = match verb.as_str() {
                        "EHLO" | "HELO" => b"250 fake\r\n",
                        "DATA" => {
                            data = Some(String::new());
                            b"354 go ahead\r\n"
                        }
                        "QUIT" => {
                            write.write_all(b"221 bye\r\n").await.unwrap();
                            return;
                        }
                        _ => b"250 ok\r\n",
                    };
                    write.write_all(reply).await.unwrap();
                }
            });
        }
    });
    (port, received)
}

#[tokio::test]
async fn with_smtp_configured_email_is_handed_to_the_server() {
    let (port, received) = start_fake_smtp().await;
    let url = format!("smtp://127.0.0.1:{port}");
    let app = spawn_app_with(&[("BAYLINE_SMTP_URL", url.as_str())]).await;
    let lead = app.textable_lead("+15557770021").await;
    let token = app.token_of("office-manager").await;
    let sent: Value = app
        .send(
            &token,
            json!({ "jaguarFutureServiceInteractionId": lead.id, "messageType": "EMAIL", "subject": "Your visit", "content": "<p>See you</p>" }),
        )
        .await
        .json()
        .await
        .unwrap();
    app.wait_for_message(&token, lead.id, |m| {
        m["id"] == sent["id"] && m["messageStatus"] == "delivered"
    })
    .await;
    let mails = received.lock().unwrap().clone();
    assert_eq!(mails.len(), 1);
    assert!(mails[0].contains("Subject: Your visit"), "{}", mails[0]);
    assert!(mails[0].contains("driver@example.com"));
    let outbox: Value = app
        .get("/api/email/outbox", Some(&token))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(outbox["content"][0]["status"], "sent");
}

#[tokio::test]
async fn line_types_come_from_the_stores_carrier_lookup() {
    let app = spawn_app_with(LOCAL_GATEWAYS).await;
    let fake = use_fake_twilio(&app).await;
    let token = app.token_of("enterprise-admin").await;
    let mut customers = Vec::new();
    for (n, number) in [
        "+15553210007",
        "+15553210009",
        "+15553210008",
        "+15553210500",
    ]
    .into_iter()
    .enumerate()
    {
        let created = app
            .ok_json(
                Method::POST,
                "/api/boc/1/customer",
                &token,
                Some(json!({ "storeId": 1, "custno": format!("LT-{n}"), "firstName": "Line", "lastName": "Type", "cellular": number })),
            )
            .await;
        customers.push(created["id"].as_i64().unwrap());
    }
    let lookup = |id: i64| format!("/api/boc/2/customer/updateLineType?customerId={id}");
    let mobile = app
        .ok_json(Method::PUT, &lookup(customers[0]), &token, None)
        .await;
    assert_eq!(mobile["lineType"], "MOBILE");
    let landline = app
        .ok_json(Method::PUT, &lookup(customers[1]), &token, None)
        .await;
    assert_eq!(landline["lineType"], "LANDLINE");
    let voip = app
        .ok_json(Method::PUT, &lookup(customers[2]), &token, None)
        .await;
    assert_eq!(voip["lineType"], "VOIP");
    let refused = app
        .request(Method::PUT, &lookup(customers[3]), &token, None)
        .await;
    assert_eq!(refused.status(), StatusCode::BAD_GATEWAY);
    let body: Value = refused.json().await.unwrap();
    // Twilio's code in our words, never the body it answered.
    assert_eq!(
        body["message"],
        "Authenticate: the account SID or auth token is wrong"
    );

    let requests = fake.requests.lock().unwrap().clone();
    let (phone, auth, query) = &requests[0];
    assert_eq!(phone, "+15553210007");
    assert!(auth.starts_with("Basic "), "{auth}");
    assert_eq!(query[0].1, "Fields=line_type_intelligence");
}
