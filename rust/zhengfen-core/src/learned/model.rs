//! The model file formats `zhengfen-dmc-1` and `zhengfen-dmc-2` (AI.md §7.1): a safetensors
//! file whose metadata names the rules and the layout and whose tensors are the MLP's weights,
//! float32 or float16. `zhengfen-dmc-2` adds one metadata key, `residual`, under which each
//! hidden layer after the first whose input and output widths are equal adds its input to its
//! output; the tensors are the same. This module reads both (every refusal an [`Error::Model`]
//! naming the file and the reason), holds the weights as float32 matrices, and writes them
//! back.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use ndarray::{Array1, Array2};
use safetensors::{Dtype, SafeTensors, View};

use super::features::{state_size, MOVE_SIZE};
use crate::error::{Error, Result};
use crate::rules::{Rules, Variant};

/// The value of the `format` metadata key of a plain MLP (no `residual` key read).
pub const FORMAT: &str = "zhengfen-dmc-1";
/// The value of the `format` metadata key of a model that says whether it is residual.
pub const FORMAT_2: &str = "zhengfen-dmc-2";
/// The most history rows a model may read.
pub const MAX_HISTORY_ROWS: usize = 16;
/// The largest hidden layer a model may have (a bound on the memory a file can ask for).
pub const MAX_LAYER: usize = 65_536;
/// The metadata keys every model has.
const REQUIRED: [&str; 8] = [
    "format",
    "game",
    "players",
    "encoding_version",
    "history_rows",
    "layers",
    "activation",
    "training",
];
/// The numbers `training` holds, with the JSON type each must have.
const TRAINING: [(&str, &str); 4] = [
    ("decisions", "an integer"),
    ("seconds", "a number"),
    ("core_hours", "a number"),
    ("command", "a string"),
];

/// A tensor as float32 values, row-major, with its shape.
#[derive(Clone, Debug, PartialEq)]
pub struct Tensor {
    /// Its shape.
    pub shape: Vec<usize>,
    /// Its values, row-major.
    pub data: Vec<f32>,
}

/// A loaded model: its metadata and its weights, widened to float32.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    /// Where it came from (a path, or `<bytes>`), for messages.
    pub(crate) origin: String,
    pub(crate) metadata: BTreeMap<String, String>,
    pub(crate) game: Variant,
    pub(crate) players: u8,
    pub(crate) history_rows: usize,
    pub(crate) layers: Vec<usize>,
    /// Whether the hidden layers of equal widths add their input (`zhengfen-dmc-2`'s
    /// `residual`).
    pub(crate) residual: bool,
    pub(crate) state_scale: Array1<f32>,
    pub(crate) move_scale: Array1<f32>,
    /// `layer0.state_weight`, `[S, h_0]`.
    pub(crate) state_weight: Array2<f32>,
    /// `layer0.move_weight`, `[M, h_0]`.
    pub(crate) move_weight: Array2<f32>,
    pub(crate) bias0: Array1<f32>,
    /// `layer{i}.weight` and `layer{i}.bias` for i = 1..L-1.
    pub(crate) hidden: Vec<(Array2<f32>, Array1<f32>)>,
    pub(crate) output_weight: Array1<f32>,
    pub(crate) output_bias: f32,
}

impl Model {
    /// The model in the safetensors bytes `bytes`; `origin` names them in errors.
    pub fn from_bytes(bytes: &[u8], origin: &str) -> Result<Model> {
        let bad = |why: String| Error::Model(format!("model {origin}: {why}"));
        check_header(bytes).map_err(bad)?;
        let file = SafeTensors::deserialize(bytes)
            .map_err(|e| bad(format!("not a safetensors file ({e})")))?;
        let (_, header) = SafeTensors::read_metadata(bytes)
            .map_err(|e| bad(format!("not a safetensors file ({e})")))?;
        let metadata: BTreeMap<String, String> = header
            .metadata()
            .clone()
            .unwrap_or_default()
            .into_iter()
            .collect();
        let mut tensors = BTreeMap::new();
        for (name, view) in file.iter() {
            tensors.insert(name.to_string(), widen(name, &view).map_err(bad)?);
        }
        Model::build(metadata, tensors, origin)
    }

    /// The model in the file at `path`.
    pub fn load(path: impl AsRef<Path>) -> Result<Model> {
        let path = path.as_ref();
        let origin = path.display().to_string();
        let bytes = std::fs::read(path)
            .map_err(|e| Error::Model(format!("model {origin}: cannot be read ({e})")))?;
        Model::from_bytes(&bytes, &origin)
    }

    /// The model of `metadata` and float32 `tensors` (named as in the format), checked as a
    /// file is.
    pub fn from_parts(
        metadata: BTreeMap<String, String>,
        tensors: BTreeMap<String, Tensor>,
    ) -> Result<Model> {
        Model::build(metadata, tensors, "<arrays>")
    }

    /// The model as safetensors bytes, its tensors float32, or float16 with `float16` (rounded to
    /// nearest: a model saved so loads with those rounded weights). The same model gives the
    /// same bytes: the metadata is written in key order.
    pub fn to_bytes(&self, float16: bool) -> Result<Vec<u8>> {
        let tensors: Vec<(String, Raw)> = self
            .tensors()
            .into_iter()
            .map(|(name, t)| (name, Raw::new(t, float16)))
            .collect();
        let metadata: HashMap<String, String> = self.metadata.clone().into_iter().collect();
        let bytes = safetensors::serialize(tensors, Some(metadata))
            .map_err(|e| Error::Model(format!("model {}: cannot be written ({e})", self.origin)))?;
        Ok(sorted_metadata(bytes))
    }

    /// Writes the model to `path` ([`Model::to_bytes`]).
    pub fn save(&self, path: impl AsRef<Path>, float16: bool) -> Result<()> {
        let path = path.as_ref();
        std::fs::write(path, self.to_bytes(float16)?).map_err(|e| {
            Error::Model(format!(
                "model file {}: cannot be written ({e})",
                path.display()
            ))
        })
    }

    /// Refuses the model for `rules` unless its game and players are theirs.
    pub fn check(&self, rules: &Rules) -> Result<()> {
        if self.game == rules.variant && self.players == rules.players {
            return Ok(());
        }
        Err(Error::Model(format!(
            "model {}: it plays {} with {} players, not {} with {} players",
            self.origin,
            self.game.name(),
            self.players,
            rules.variant.name(),
            rules.players
        )))
    }

    /// The metadata, every key (unknown ones kept).
    pub fn metadata(&self) -> &BTreeMap<String, String> {
        &self.metadata
    }
    /// The game it plays.
    pub fn game(&self) -> Variant {
        self.game
    }
    /// The number of players it plays with.
    pub fn players(&self) -> u8 {
        self.players
    }
    /// Rows of the history tensor in its state input.
    pub fn history_rows(&self) -> usize {
        self.history_rows
    }
    /// Its hidden layers' sizes.
    pub fn layers(&self) -> &[usize] {
        &self.layers
    }
    /// Whether each hidden layer after the first whose input and output widths are equal adds
    /// its input to its output (`residual` = `true` in a `zhengfen-dmc-2` file).
    pub fn residual(&self) -> bool {
        self.residual
    }
    /// Where it came from: a path, `<bytes>` or `<arrays>`.
    pub fn origin(&self) -> &str {
        &self.origin
    }
    /// The length of its state input, `591 + 7 + 94 * history_rows`.
    pub fn state_size(&self) -> usize {
        state_size(self.history_rows)
    }

    /// Every tensor by its name in the format, as float32.
    pub fn tensors(&self) -> BTreeMap<String, Tensor> {
        let mut out = BTreeMap::new();
        let mut put = |name: String, shape: &[usize], data: Vec<f32>| {
            out.insert(
                name,
                Tensor {
                    shape: shape.to_vec(),
                    data,
                },
            );
        };
        let vector = |a: &Array1<f32>| a.to_vec();
        let matrix = |a: &Array2<f32>| a.iter().copied().collect::<Vec<f32>>();
        put(
            "input.state_scale".into(),
            self.state_scale.shape(),
            vector(&self.state_scale),
        );
        put(
            "input.move_scale".into(),
            self.move_scale.shape(),
            vector(&self.move_scale),
        );
        put(
            "layer0.state_weight".into(),
            self.state_weight.shape(),
            matrix(&self.state_weight),
        );
        put(
            "layer0.move_weight".into(),
            self.move_weight.shape(),
            matrix(&self.move_weight),
        );
        put(
            "layer0.bias".into(),
            self.bias0.shape(),
            vector(&self.bias0),
        );
        for (i, (w, b)) in self.hidden.iter().enumerate() {
            put(format!("layer{}.weight", i + 1), w.shape(), matrix(w));
            put(format!("layer{}.bias", i + 1), b.shape(), vector(b));
        }
        put(
            "output.weight".into(),
            self.output_weight.shape(),
            vector(&self.output_weight),
        );
        put("output.bias".into(), &[1], vec![self.output_bias]);
        out
    }

    /// The model of checked `metadata` and `tensors`.
    fn build(
        metadata: BTreeMap<String, String>,
        mut tensors: BTreeMap<String, Tensor>,
        origin: &str,
    ) -> Result<Model> {
        let bad = |why: String| Error::Model(format!("model {origin}: {why}"));
        let layout = Layout::read(&metadata).map_err(bad)?;
        let expected = layout.shapes();
        check_names(&tensors, &expected).map_err(bad)?;
        for (name, shape) in &expected {
            check_tensor(name, &tensors[name], shape).map_err(bad)?;
        }
        let mut take = |name: &str| tensors.remove(name).expect("checked above");
        let vector = |t: Tensor| Array1::from_vec(t.data);
        let matrix = |t: Tensor| {
            Array2::from_shape_vec((t.shape[0], t.shape[1]), t.data).expect("checked shape")
        };
        let hidden = (1..layout.layers.len())
            .map(|i| {
                let w = matrix(take(&format!("layer{i}.weight")));
                (w, vector(take(&format!("layer{i}.bias"))))
            })
            .collect();
        Ok(Model {
            origin: origin.to_string(),
            state_scale: vector(take("input.state_scale")),
            move_scale: vector(take("input.move_scale")),
            state_weight: matrix(take("layer0.state_weight")),
            move_weight: matrix(take("layer0.move_weight")),
            bias0: vector(take("layer0.bias")),
            hidden,
            output_weight: vector(take("output.weight")),
            output_bias: take("output.bias").data[0],
            metadata,
            game: layout.game,
            players: layout.players,
            history_rows: layout.history_rows,
            layers: layout.layers,
            residual: layout.residual,
        })
    }
}

/// What the metadata says of the rules and the layout.
struct Layout {
    game: Variant,
    players: u8,
    history_rows: usize,
    layers: Vec<usize>,
    residual: bool,
}

impl Layout {
    /// The layout in `metadata`, every key checked.
    fn read(metadata: &BTreeMap<String, String>) -> std::result::Result<Layout, String> {
        if let Some(missing) = REQUIRED.iter().find(|k| !metadata.contains_key(**k)) {
            return Err(format!(
                "its metadata has no '{missing}' (a {FORMAT} model has {})",
                REQUIRED.join(", ")
            ));
        }
        let key = |k: &str| metadata[k].as_str();
        let residual = read_residual(key("format"), metadata.get("residual"))?;
        let version = crate::encode::VERSION.to_string();
        if key("encoding_version") != version {
            return Err(format!(
                "encoding_version is '{}', but this zhengfen encodes version {version}",
                key("encoding_version")
            ));
        }
        let game = match key("game") {
            "zheng_fen" => Variant::ZhengFen,
            "zen_cheng_you" => Variant::ZenChengYou,
            other => return Err(format!("game is '{other}', not zheng_fen or zen_cheng_you")),
        };
        let players = read_players(game, key("players"))?;
        let history_rows = digits(key("history_rows"))
            .filter(|h| *h <= MAX_HISTORY_ROWS)
            .ok_or_else(|| {
                format!(
                    "history_rows is '{}', not 0 to {MAX_HISTORY_ROWS}",
                    key("history_rows")
                )
            })?;
        let layers = read_layers(key("layers"))?;
        if key("activation") != "relu" {
            return Err(format!("activation is '{}', not 'relu'", key("activation")));
        }
        check_training(key("training"))?;
        Ok(Layout {
            game,
            players,
            history_rows,
            layers,
            residual,
        })
    }

    /// Every tensor's name and shape, in the format's order.
    fn shapes(&self) -> Vec<(String, Vec<usize>)> {
        let (s, m, l) = (state_size(self.history_rows), MOVE_SIZE, &self.layers);
        let mut out = vec![
            ("input.state_scale".to_string(), vec![s]),
            ("input.move_scale".to_string(), vec![m]),
            ("layer0.state_weight".to_string(), vec![s, l[0]]),
            ("layer0.move_weight".to_string(), vec![m, l[0]]),
            ("layer0.bias".to_string(), vec![l[0]]),
        ];
        for i in 1..l.len() {
            out.push((format!("layer{i}.weight"), vec![l[i - 1], l[i]]));
            out.push((format!("layer{i}.bias"), vec![l[i]]));
        }
        out.push(("output.weight".to_string(), vec![l[l.len() - 1]]));
        out.push(("output.bias".to_string(), vec![1]));
        out
    }
}

/// Whether a model of the format `format` is residual: never in `zhengfen-dmc-1` (where a
/// `residual` key is an unknown one, kept and unread); in `zhengfen-dmc-2` as its `residual`
/// key says, `true` or `false`.
fn read_residual(format: &str, residual: Option<&String>) -> std::result::Result<bool, String> {
    match format {
        FORMAT => Ok(false),
        FORMAT_2 => match residual.map(String::as_str) {
            Some("true") => Ok(true),
            Some("false") => Ok(false),
            Some(other) => Err(format!("residual is '{other}', not 'true' or 'false'")),
            None => Err(format!(
                "its metadata has no 'residual' (a {FORMAT_2} model has one)"
            )),
        },
        other => Err(format!(
            "format is '{other}', not '{FORMAT}' or '{FORMAT_2}'"
        )),
    }
}

/// The player count `text` gives for `game`.
fn read_players(game: Variant, text: &str) -> std::result::Result<u8, String> {
    let allowed = match game {
        Variant::ZhengFen => 3..=6,
        Variant::ZenChengYou => 4..=4,
    };
    digits(text)
        .and_then(|p| u8::try_from(p).ok())
        .filter(|p| allowed.contains(p))
        .ok_or_else(|| {
            format!(
                "players is '{text}', not {} to {} for {}",
                allowed.start(),
                allowed.end(),
                game.name()
            )
        })
}

/// The hidden sizes in `text`, comma separated (no blanks), at least one, each 1 to
/// [`MAX_LAYER`].
fn read_layers(text: &str) -> std::result::Result<Vec<usize>, String> {
    text.split(',')
        .map(|size| digits(size).filter(|s| (1..=MAX_LAYER).contains(s)))
        .collect::<Option<Vec<usize>>>()
        .ok_or_else(|| {
            format!("layers is '{text}', not hidden sizes (1 to {MAX_LAYER}) separated by commas")
        })
}

/// The number `text` writes in decimal digits alone (no sign, no blank), if it is one.
fn digits(text: &str) -> Option<usize> {
    let plain = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    plain.then(|| text.parse().ok()).flatten()
}

/// Refuses what the safetensors crate lets through but the format forbids: a header that does
/// not begin with `{`, and a metadata key given twice (JSON would keep the last silently).
fn check_header(bytes: &[u8]) -> std::result::Result<(), String> {
    let n = bytes
        .get(..8)
        .map(|b| u64::from_le_bytes(b.try_into().expect("8 bytes")));
    let header = n
        .and_then(|n| bytes.get(8..8usize.checked_add(usize::try_from(n).ok()?)?))
        .ok_or("not a safetensors file (too short for its header)")?;
    if header.first() != Some(&b'{') {
        return Err("not a safetensors file (its header does not begin with '{')".into());
    }
    // An unreadable header is left to the crate, which says what is wrong.
    let Ok(Header(Some(meta))) = serde_json::from_slice::<Header>(header) else {
        return Ok(());
    };
    for (i, (key, _)) in meta.iter().enumerate() {
        if meta[..i].iter().any(|(k, _)| k == key) {
            return Err(format!("its metadata gives '{key}' twice"));
        }
    }
    Ok(())
}

/// A header's `__metadata__` entries as written, duplicates kept (`None` if it has none).
struct Header(Option<Vec<(String, serde_json::Value)>>);

/// A JSON object's entries in order, duplicates kept.
struct Entries(Vec<(String, serde_json::Value)>);

impl<'de> serde::Deserialize<'de> for Header {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Header, D::Error> {
        d.deserialize_map(HeaderVisitor)
    }
}

impl<'de> serde::Deserialize<'de> for Entries {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Entries, D::Error> {
        d.deserialize_map(EntriesVisitor)
    }
}

struct HeaderVisitor;
struct EntriesVisitor;

impl<'de> serde::de::Visitor<'de> for HeaderVisitor {
    type Value = Header;
    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a JSON object")
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(
        self,
        mut map: A,
    ) -> std::result::Result<Header, A::Error> {
        let mut meta = None;
        while let Some(key) = map.next_key::<String>()? {
            if key == "__metadata__" {
                meta = Some(map.next_value::<Entries>()?.0);
            } else {
                map.next_value::<serde::de::IgnoredAny>()?;
            }
        }
        Ok(Header(meta))
    }
}

impl<'de> serde::de::Visitor<'de> for EntriesVisitor {
    type Value = Entries;
    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a JSON object")
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(
        self,
        mut map: A,
    ) -> std::result::Result<Entries, A::Error> {
        let mut entries = Vec::new();
        while let Some(entry) = map.next_entry()? {
            entries.push(entry);
        }
        Ok(Entries(entries))
    }
}

/// Refuses `text` unless it is a JSON object holding the training numbers.
fn check_training(text: &str) -> std::result::Result<(), String> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("training is not JSON ({e})"))?;
    let object = value.as_object().ok_or("training is not a JSON object")?;
    for (name, kind) in TRAINING {
        let fits = object.get(name).is_some_and(|v| match kind {
            "an integer" => v.is_u64(),
            "a number" => v.is_number(),
            _ => v.is_string(),
        });
        if !fits {
            return Err(format!("training has no '{name}' that is {kind}"));
        }
    }
    Ok(())
}

/// Refuses a missing or an extra tensor.
fn check_names(
    tensors: &BTreeMap<String, Tensor>,
    expected: &[(String, Vec<usize>)],
) -> std::result::Result<(), String> {
    if let Some((name, _)) = expected.iter().find(|(n, _)| !tensors.contains_key(n)) {
        return Err(format!("tensor '{name}' is missing"));
    }
    if let Some(extra) = tensors
        .keys()
        .find(|n| !expected.iter().any(|(e, _)| e == *n))
    {
        return Err(format!(
            "tensor '{extra}' is not one of the format's (the layers say {})",
            expected.len()
        ));
    }
    Ok(())
}

/// Refuses a tensor of another shape, or one holding a value that is not finite.
fn check_tensor(name: &str, tensor: &Tensor, shape: &[usize]) -> std::result::Result<(), String> {
    if tensor.shape != shape || tensor.data.len() != shape.iter().product::<usize>() {
        return Err(format!(
            "tensor '{name}' has shape {:?}, not {shape:?}",
            tensor.shape
        ));
    }
    if let Some(i) = tensor.data.iter().position(|v| !v.is_finite()) {
        return Err(format!(
            "tensor '{name}' holds {} (at {i}): every value must be finite",
            tensor.data[i]
        ));
    }
    Ok(())
}

/// A stored tensor widened to float32, or why it cannot be.
fn widen(
    name: &str,
    view: &safetensors::tensor::TensorView<'_>,
) -> std::result::Result<Tensor, String> {
    let bytes = view.data();
    let data = match view.dtype() {
        Dtype::F32 => bytes
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect(),
        Dtype::F16 => bytes
            .chunks_exact(2)
            .map(|b| half::f16::from_le_bytes([b[0], b[1]]).to_f32())
            .collect(),
        other => return Err(format!("tensor '{name}' is {other}, not F32 or F16")),
    };
    Ok(Tensor {
        shape: view.shape().to_vec(),
        data,
    })
}

/// The safetensors file `bytes` with its `__metadata__` in key order (the crate writes a hash
/// map's order, which changes from run to run); the header stays padded to 8 bytes.
fn sorted_metadata(bytes: Vec<u8>) -> Vec<u8> {
    let n = u64::from_le_bytes(bytes[..8].try_into().expect("8 bytes")) as usize;
    let mut header: serde_json::Map<String, serde_json::Value> =
        serde_json::from_slice(&bytes[8..8 + n]).expect("the crate's own header");
    if let Some(serde_json::Value::Object(meta)) = header.get_mut("__metadata__") {
        meta.sort_keys();
    }
    let mut text = serde_json::to_vec(&header).expect("JSON");
    text.resize(text.len().next_multiple_of(8), b' ');
    let mut out = Vec::with_capacity(8 + text.len() + bytes.len() - 8 - n);
    out.extend((text.len() as u64).to_le_bytes());
    out.extend(text);
    out.extend(&bytes[8 + n..]);
    out
}

/// A tensor ready to be written.
struct Raw {
    dtype: Dtype,
    shape: Vec<usize>,
    bytes: Vec<u8>,
}

impl Raw {
    /// `tensor` as float32 bytes, or float16 with `float16`.
    fn new(tensor: Tensor, float16: bool) -> Raw {
        let bytes = if float16 {
            tensor
                .data
                .iter()
                .flat_map(|v| half::f16::from_f32(*v).to_le_bytes())
                .collect()
        } else {
            tensor.data.iter().flat_map(|v| v.to_le_bytes()).collect()
        };
        let dtype = if float16 { Dtype::F16 } else { Dtype::F32 };
        Raw {
            dtype,
            shape: tensor.shape,
            bytes,
        }
    }
}

impl View for Raw {
    fn dtype(&self) -> Dtype {
        self.dtype
    }
    fn shape(&self) -> &[usize] {
        &self.shape
    }
    fn data(&self) -> std::borrow::Cow<'_, [u8]> {
        std::borrow::Cow::Borrowed(&self.bytes)
    }
    fn data_len(&self) -> usize {
        self.bytes.len()
    }
}
