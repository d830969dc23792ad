//! Rules of the server's own parts that need no running server: the request rules' error
//! shape, configuration, the JSON guard, the OpenAPI document and the public operations.
//! (They live here rather than in the library so the library is not compiled twice.)

mod app {
    use poem::{Endpoint, Request, Route, handler};

    #[handler]
    fn boom() -> &'static str {
        panic!("a handler bug")
    }

    #[tokio::test]
    async fn a_panic_is_answered_in_the_json_error_shape_with_the_request_id() {
        let app = web_api::app::with_request_rules(Route::new().at("/boom", boom));
        let request = Request::builder()
            .uri("/boom".parse().expect("uri"))
            .header("x-request-id", "req-42")
            .finish();
        let response = app.get_response(request).await;
        assert_eq!(response.status().as_u16(), 500);
        assert!(
            response
                .content_type()
                .is_some_and(|t| t.starts_with("application/json"))
        );
        let body: serde_json::Value =
            serde_json::from_slice(&response.into_body().into_vec().await.expect("body"))
                .expect("JSON");
        assert_eq!(body["requestId"], "req-42");
        assert_eq!(body["errors"], serde_json::json!([]));
    }

    /// The UI's API types are generated from `ui/openapi.json`; it must match what we serve.
    /// After an API change: `bayline openapi > ui/openapi.json && npm --prefix ui run gen:api`.
    #[test]
    fn the_committed_openapi_document_is_current() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../ui/openapi.json");
        let committed: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(path).expect("ui/openapi.json"))
                .expect("valid JSON");
        let served: serde_json::Value =
            serde_json::from_str(web_api::openapi::document()).expect("valid JSON");
        assert!(
            committed == served,
            "ui/openapi.json is stale: run `bayline openapi > ui/openapi.json` and `npm --prefix ui run gen:api`"
        );
    }
}

mod config {
    use jobs::QueueBackend;
    use std::collections::HashMap;
    use web_api::config::*;

    fn config(vars: &[(&str, &str)]) -> anyhow::Result<Config> {
        let vars: HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        Config::from_lookup(|name| vars.get(name).cloned())
    }

    /// The kind names live once, in `engine::domain::JobKindName`: the server runs exactly those.
    #[test]
    fn the_standard_job_kinds_are_the_closed_set_of_kind_names() {
        use engine::domain::JobKindName;
        use engine::domain::roles::ClosedSet;
        // A key of its own, so no key file is made in the working directory.
        let key = (
            "BAYLINE_SECRET_KEY",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
        );
        let settings = config(&[key]).unwrap().job_settings().unwrap();
        let registry = jobs::Registry::standard(&settings);
        let mut registered: Vec<&str> = registry.iter().map(|kind| kind.name()).collect();
        let mut named: Vec<&str> = JobKindName::members().iter().map(|k| k.word()).collect();
        registered.sort_unstable();
        named.sort_unstable();
        assert_eq!(registered, named);
    }

    /// The UI names the kinds it starts or follows in one module; each must be a kind the
    /// server has, so a renamed kind fails here rather than in a browser.
    #[test]
    fn the_kinds_the_ui_names_are_kinds_the_server_has() {
        use engine::domain::JobKindName;
        use engine::domain::roles::ClosedSet;
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../ui/src/lib/job-kinds.ts");
        let source = std::fs::read_to_string(path).expect("ui/src/lib/job-kinds.ts");
        let named: Vec<&str> = source
            .lines()
            // Comments may hold apostrophes; the names are quoted on the lines between them.
            .filter(|line| !line.trim_start().starts_with(['/', '*']))
            .filter_map(|line| line.split('\'').nth(1))
            .collect();
        assert!(named.len() >= 3, "{named:?}");
        let known: Vec<&str> = JobKindName::members().iter().map(|k| k.word()).collect();
        for kind in named {
            assert!(known.contains(&kind), "{kind} is no job kind of the server");
        }
    }

    #[test]
    fn defaults_are_the_embedded_mode_with_demo_data() {
        let config = config(&[]).unwrap();
        assert_eq!(config.listen.to_string(), "127.0.0.1:8080");
        assert_eq!(config.database_url.kind(), engine::BackendKind::Sqlite);
        assert!(config.database_url.expose().ends_with("data/bayline.db"));
        assert_eq!(config.queue, QueueBackend::Embedded);
        assert!(config.demo);
    }

    #[test]
    fn postgres_turns_demo_data_off_unless_asked() {
        let config = config(&[("DATABASE_URL", "postgres://root@127.0.0.1/test")]).unwrap();
        assert!(!config.demo);
    }

    #[test]
    fn trusted_proxies_are_addresses_and_ranges() {
        let proxies = TrustedProxies::parse("10.0.0.0/8, 192.168.1.7, ::1").unwrap();
        for (ip, trusted) in [
            ("10.2.3.4", true),
            ("11.0.0.1", false),
            ("192.168.1.7", true),
            ("192.168.1.8", false),
            ("::1", true),
            ("::ffff:10.9.9.9", true),
        ] {
            assert_eq!(proxies.contains(ip.parse().unwrap()), trusted, "{ip}");
        }
        assert!(!TrustedProxies::default().contains("127.0.0.1".parse().unwrap()));
    }

    #[test]
    fn a_bad_value_names_its_variable() {
        for (name, value) in [
            ("BAYLINE_LISTEN", "localhost"),
            ("DATABASE_URL", "mysql://x"),
            ("REDIS_URL", "http://x"),
            ("BAYLINE_DEMO", "maybe"),
            ("BAYLINE_DEMO_SCALE", "-3"),
            ("BAYLINE_SESSION_HOURS", "0"),
            ("BAYLINE_QUEUE_NAME", "no spaces"),
            ("BAYLINE_WORKERS", "0"),
            ("BAYLINE_JOB_STALE_SECS", "forever"),
            ("BAYLINE_TRUSTED_PROXIES", "10.0.0.0/33"),
            ("BAYLINE_TRUSTED_PROXIES", "proxy.local"),
        ] {
            let error = format!("{:#}", config(&[(name, value)]).unwrap_err());
            assert!(error.contains(name), "{error}");
        }
    }
}

mod guard {
    use web_api::guard::json_has_nul;

    #[test]
    fn nul_escapes_are_found_and_escaped_backslashes_are_not() {
        assert!(json_has_nul(br#"{"a":"x\u0000y"}"#));
        assert!(json_has_nul(b"{\"a\":\"\0\"}"));
        assert!(json_has_nul(br#"{"a":"\\\u0000"}"#));
        assert!(!json_has_nul(br#"{"a":"\\u0000"}"#));
        assert!(!json_has_nul(br#"{"a":"\u0001 \n \\"}"#));
        assert!(!json_has_nul(br#"{"a":"trailing\"#));
    }
}

mod openapi {
    use serde_json::Value;
    use web_api::openapi::document;

    #[test]
    fn every_operation_lists_the_answers_of_the_request_rules() {
        let document: Value = serde_json::from_str(document()).expect("JSON");
        let mut seen = 0;
        for (path, operations) in document["paths"].as_object().expect("paths") {
            for (method, operation) in operations.as_object().expect("operations") {
                let responses = operation["responses"].as_object().expect("responses");
                for status in ["400", "413", "500"] {
                    assert!(responses.contains_key(status), "{method} {path}: {status}");
                }
                if operation["security"]
                    .as_array()
                    .is_some_and(|s| !s.is_empty())
                {
                    assert!(responses.contains_key("401"), "{method} {path}: 401");
                }
                if operation.get("requestBody").is_some() {
                    assert!(responses.contains_key("415"), "{method} {path}: 415");
                }
                seen += 1;
            }
        }
        assert!(seen > 100, "{seen} operations");
        // The job kinds answer with no ApiResult of their own, yet need a session.
        assert!(
            document["paths"]["/api/jobs/kinds"]["get"]["responses"]
                .as_object()
                .expect("responses")
                .contains_key("401")
        );
    }
}

mod routes {
    use web_api::routes::PUBLIC_OPERATIONS;

    /// poem-openapi keeps one API set's operations per path: a path served by two sets loses
    /// the other's from the document (the UI's types then lose them too). Every handler's
    /// `#[oai(path, method)]` must be in the document.
    #[test]
    fn every_handler_is_in_the_document() {
        let spec: serde_json::Value =
            serde_json::from_str(&web_api::app::api_service().spec()).expect("valid JSON");
        let mut files = Vec::new();
        let mut dirs = vec![std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/routes")];
        // An area with many handlers is a folder (its handlers in mod.rs, its views beside).
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(dir).expect("routes") {
                let path = entry.expect("entry").path();
                if path.is_dir() {
                    dirs.push(path)
                } else {
                    files.push(path)
                }
            }
        }
        let (mut missing, mut handlers) = (Vec::new(), 0);
        for file in files {
            let source = std::fs::read_to_string(file).expect("source");
            for (at, _) in source.match_indices("path = \"") {
                let rest = &source[at + 8..];
                let Some(end) = rest.find('"') else { continue };
                let path = &rest[..end];
                let Some(method_at) = rest[..rest.len().min(300)].find("method = \"") else {
                    continue;
                };
                let method_rest = &rest[method_at + 10..];
                let method = &method_rest[..method_rest.find('"').unwrap_or(0)];
                // `:name` in a route is `{name}` in the document.
                let documented: String = path
                    .split('/')
                    .map(|part| match part.strip_prefix(':') {
                        Some(name) => format!("{{{name}}}"),
                        None => part.to_owned(),
                    })
                    .collect::<Vec<_>>()
                    .join("/");
                handlers += 1;
                if spec["paths"][&documented][method].is_null() {
                    missing.push(format!("{method} {documented}"));
                }
            }
        }
        assert!(handlers > 200, "only {handlers} handlers read");
        assert!(missing.is_empty(), "not in the document: {missing:?}");
    }

    #[test]
    fn every_operation_outside_the_public_list_requires_a_session() {
        let spec: serde_json::Value =
            serde_json::from_str(&web_api::app::api_service().spec()).expect("valid JSON");
        let paths = spec["paths"].as_object().expect("paths");
        let mut public = Vec::new();
        for (path, operations) in paths {
            for (method, operation) in operations.as_object().expect("operations") {
                let secured = operation["security"]
                    .as_array()
                    .is_some_and(|s| !s.is_empty());
                if !secured {
                    public.push((method.as_str(), path.as_str()));
                }
            }
        }
        public.sort_unstable();
        let mut expected = PUBLIC_OPERATIONS.to_vec();
        expected.sort_unstable();
        assert_eq!(public, expected, "unexpected public operations");
    }
}

mod uploads {
    use web_api::routes::uploads::clean_file_name;

    #[test]
    fn file_names_are_made_safe() {
        assert_eq!(clean_file_name("../../etc/passwd"), "passwd");
        assert_eq!(clean_file_name("my photo (1).jpg"), "my_photo__1_.jpg");
        assert_eq!(clean_file_name("..."), "file");
    }
}

mod metrics {
    use std::time::Duration;

    use web_api::metrics::{observe_request, render, route_of};

    #[test]
    fn routes_lose_their_ids_and_tokens() {
        assert_eq!(
            route_of("/api/enterprise/7/store"),
            "/api/enterprise/:id/store"
        );
        assert_eq!(
            route_of("/media/abcdefghijklmnopqrstuvwxyz/a.png"),
            "/media/:token/:name"
        );
        assert_eq!(route_of("/leadmanager"), "/ui");
        assert_eq!(route_of("/metrics"), "/metrics");
        assert_eq!(
            route_of("/api/email/autoResponse/abcdefghijklmnopqrstuvwxyz0123"),
            "/api/email/autoResponse/:token"
        );
    }

    #[test]
    fn a_latency_counts_in_every_bucket_above_it() {
        for millis in [3, 200, 3000] {
            observe_request(
                "PATCH",
                "/api/histogram-rule",
                204,
                Duration::from_millis(millis),
            );
        }
        let page = render(&Default::default(), (1, 1), chrono::Utc::now());
        let bucket = |le: &str| {
            let line = format!(
                "bayline_http_request_duration_seconds_bucket{{method=\"PATCH\",route=\"/api/histogram-rule\",status=\"2xx\",le=\"{le}\"}} "
            );
            page.lines()
                .find_map(|l| l.strip_prefix(&line))
                .unwrap_or_else(|| panic!("no bucket le={le} in:\n{page}"))
                .to_owned()
        };
        assert_eq!(bucket("0.005"), "1");
        assert_eq!(bucket("0.25"), "2");
        assert_eq!(bucket("10"), "3");
        assert_eq!(bucket("+Inf"), "3");
    }
}
