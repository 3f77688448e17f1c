//! Writes records back as RBN or RBX.
