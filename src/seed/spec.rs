//! Shapes of the static seed tables (see `data.rs`) and the macros that build them.
//!
//! Tables are plain `static` struct literals so every nested slice is `'static` by lifetime
//! extension; the macros only save typing.

/// One attribute axis: its name and the values a product may take.
pub struct Axis {
    pub name: &'static str,
    pub vals: &'static [&'static str],
}

/// Products that need a dedicated generator instead of brand + noun + axes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Special {
    None,
    Tire(TireCat),
    Battery(BatCat),
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TireCat {
    Passenger,
    Suv,
    LightTruck,
    Trailer,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BatCat {
    Automotive,
    Marine,
    Small,
}

/// A product family: how the products of one or more leaf departments are made up.
pub struct Fam {
    pub brands: &'static [&'static str],
    /// Axes shown in the name (", value" each) and listed as attributes.
    pub show: &'static [Axis],
    /// Axes listed as attributes only.
    pub extra: &'static [Axis],
    /// Price range in whole dollars.
    pub lo: i64,
    pub hi: i64,
    pub flags: u32,
    /// Description clauses: "The {brand} {noun} <clause>."
    pub about: &'static [&'static str],
    pub special: Special,
}

/// No ship-to-home (bulky, heavy or hazardous).
pub const NS: u32 = 1;
/// Sold with 1-2 protection plans.
pub const WR: u32 = 2;
/// Needs an age/use confirmation (ammunition, knives).
pub const CF: u32 = 4;
/// Needs a purchase agreement (propane, pesticides, fuel).
pub const AG: u32 = 8;
/// Chemical or lead content: Prop 65 warnings are common.
pub const CH: u32 = 16;
/// The first shown axis is ordered small to large: the price follows it.
pub const SZ: u32 = 32;

/// A department of the tree; a leaf when `kids` is empty (then `fam` and `nouns` are set).
pub struct Node {
    pub name: &'static str,
    pub fam: Option<&'static Fam>,
    pub weight: u32,
    /// Product nouns; "Brand|noun" ties a noun to one brand.
    pub nouns: &'static [&'static str],
    pub kids: &'static [Node],
}

/// A top-level department.
pub struct Top {
    pub id: i32,
    pub name: &'static str,
    /// Overrides the slug derived from the name.
    pub slug: Option<&'static str>,
    /// Banner link when the department carries a banner.
    pub banner: Option<&'static str>,
    pub kids: &'static [Node],
}

macro_rules! ax {
    ($name:expr, [$($v:expr),* $(,)?]) => {
        $crate::seed::spec::Axis { name: $name, vals: &[$($v),*] }
    };
}

macro_rules! fam {
    (brands: $b:expr, show: [$($s:expr),* $(,)?], extra: [$($e:expr),* $(,)?],
     price: ($lo:expr, $hi:expr), flags: $f:expr, about: [$($a:expr),* $(,)?] $(, special: $sp:expr)? $(,)?) => {
        $crate::seed::spec::Fam {
            brands: &$b,
            show: &[$($s),*],
            extra: &[$($e),*],
            lo: $lo,
            hi: $hi,
            flags: $f,
            about: &[$($a),*],
            special: fam!(@sp $($sp)?),
        }
    };
    (@sp) => { $crate::seed::spec::Special::None };
    (@sp $sp:expr) => { $sp };
}

macro_rules! leaf {
    ($name:expr, $fam:expr, $w:expr, [$($n:expr),* $(,)?]) => {
        $crate::seed::spec::Node { name: $name, fam: Some(&$fam), weight: $w, nouns: &[$($n),*], kids: &[] }
    };
}

macro_rules! sub {
    ($name:expr, [$($k:expr),* $(,)?]) => {
        $crate::seed::spec::Node { name: $name, fam: None, weight: 0, nouns: &[], kids: &[$($k),*] }
    };
}

macro_rules! top {
    ($id:expr, $name:expr, slug: $slug:expr, banner: $banner:expr, [$($k:expr),* $(,)?]) => {
        $crate::seed::spec::Top { id: $id, name: $name, slug: $slug, banner: $banner, kids: &[$($k),*] }
    };
}

pub(crate) use {ax, fam, leaf, sub, top};
