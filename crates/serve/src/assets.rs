//! The page, embedded in the binary: nothing is fetched from elsewhere.
//! `assets/page.js` is the bundle `npm run bundle` makes from `web/src/page.js`
//! and the CodeMirror packages (`cargo xtask browser` checks it is up to date).

/// One embedded file.
pub struct Asset {
    /// Its media type.
    pub content_type: &'static str,
    /// Its text.
    pub body: &'static str,
}

/// The embedded file served at `path`, if any.
pub fn get(path: &str) -> Option<Asset> {
    let (content_type, body) = match path {
        "/" | "/index.html" => (
            "text/html; charset=utf-8",
            include_str!("../assets/index.html"),
        ),
        "/page.css" => (
            "text/css; charset=utf-8",
            include_str!("../assets/page.css"),
        ),
        "/page.js" => (
            "text/javascript; charset=utf-8",
            include_str!("../assets/page.js"),
        ),
        _ => return None,
    };
    Some(Asset { content_type, body })
}
