//! A PostgreSQL and a Redis of a test's (or a benchmark's) own, on free ports, so stopping and
//! restarting them disturbs nothing else: shared by the API tests' fault tests
//! (`web-api/tests/api/workers.rs`) and `benches/cluster`.

/// A port nothing listens on now.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free port")
        .port()
}

/// A redis-server of the test's own on a free port, so restarting it disturbs no other test.
pub struct PrivateRedis {
    port: u16,
    child: Option<std::process::Child>,
}

impl PrivateRedis {
    pub fn start() -> Option<Self> {
        let port = free_port();
        let mut redis = Self { port, child: None };
        redis.launch()?;
        Some(redis)
    }

    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }

    fn launch(&mut self) -> Option<()> {
        let child = std::process::Command::new("redis-server")
            .args([
                "--port",
                &self.port.to_string(),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ])
            .stdout(std::process::Stdio::null())
            .spawn()
            .ok()?;
        self.child = Some(child);
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while std::net::TcpStream::connect(("127.0.0.1", self.port)).is_err() {
            assert!(
                std::time::Instant::now() < deadline,
                "redis-server did not start"
            );
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        Some(())
    }

    /// Kills Redis (losing everything in it, as a restart without persistence does) and starts
    /// it again on the same port.
    pub fn restart(&mut self) {
        self.stop();
        std::thread::sleep(std::time::Duration::from_millis(500));
        self.launch().expect("redis-server restarts");
    }

    pub fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Drop for PrivateRedis {
    fn drop(&mut self) {
        self.stop();
    }
}

fn running_as_root() -> bool {
    std::process::Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.starts_with(b"0\n"))
}

/// A PostgreSQL server of the test's own (Debian's binaries, a fresh cluster in a temporary
/// directory, a free port), so stopping it disturbs no other test.
pub struct PrivatePostgres {
    bin: std::path::PathBuf,
    dir: tempfile::TempDir,
    port: u16,
    child: Option<std::process::Child>,
}

impl PrivatePostgres {
    pub fn start() -> Self {
        let bin = std::fs::read_dir("/usr/lib/postgresql")
            .expect("PostgreSQL's binaries (Debian package postgresql)")
            .filter_map(|entry| entry.ok().map(|e| e.path().join("bin")))
            .find(|bin| bin.join("initdb").exists())
            .expect("initdb under /usr/lib/postgresql/*/bin");
        let dir = tempfile::tempdir().expect("temp dir");
        let port = free_port();
        if running_as_root() {
            // PostgreSQL refuses to run as root: the cluster belongs to its own user.
            let owned = std::process::Command::new("chown")
                .args(["-R", "postgres:postgres", &dir.path().display().to_string()])
                .status()
                .expect("chown runs");
            assert!(owned.success());
        }
        let server = Self {
            bin,
            dir,
            port,
            child: None,
        };
        let data = server.dir.path().join("data").display().to_string();
        let init = server
            .command(
                "initdb",
                &["-D", &data, "-A", "trust", "-U", "postgres", "--no-sync"],
            )
            .stdout(std::process::Stdio::null())
            .status()
            .expect("initdb runs");
        assert!(init.success(), "initdb failed");
        let mut server = server;
        server.launch();
        server
    }

    fn command(&self, program: &str, args: &[&str]) -> std::process::Command {
        let path = self.bin.join(program);
        if running_as_root() {
            let mut command = std::process::Command::new("runuser");
            command.args(["-u", "postgres", "--"]).arg(path).args(args);
            command
        } else {
            let mut command = std::process::Command::new(path);
            command.args(args);
            command
        }
    }

    pub fn url(&self) -> String {
        format!(
            "postgres://postgres@127.0.0.1:{}/postgres?sslmode=disable",
            self.port
        )
    }

    pub fn launch(&mut self) {
        let data = self.dir.path().join("data").display().to_string();
        let socket_dir = self.dir.path().display().to_string();
        let port = self.port.to_string();
        let child = self
            .command(
                "postgres",
                &[
                    "-D",
                    &data,
                    "-p",
                    &port,
                    "-k",
                    &socket_dir,
                    "-h",
                    "127.0.0.1",
                    "-F",
                ],
            )
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("postgres starts");
        self.child = Some(child);
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
        loop {
            let ready = self
                .command("pg_isready", &["-h", "127.0.0.1", "-p", &port])
                .stdout(std::process::Stdio::null())
                .status()
                .is_ok_and(|s| s.success());
            if ready {
                break;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "postgres did not start"
            );
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
    }

    pub fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            // PostgreSQL's fast shutdown: connections cut, in-flight transactions rolled back.
            // (The child may be `runuser`, which passes no signal on; pg_ctl finds the server.)
            let data = self.dir.path().join("data").display().to_string();
            let stopped = self
                .command("pg_ctl", &["stop", "-D", &data, "-m", "fast", "-w"])
                .stdout(std::process::Stdio::null())
                .status()
                .is_ok_and(|s| s.success());
            if !stopped {
                let _ = child.kill();
            }
            let _ = child.wait();
        }
    }
}

impl Drop for PrivatePostgres {
    fn drop(&mut self) {
        self.stop();
    }
}
