//! Handviewer links: the LIN a BBO link carries in its query, decoded
//! without going to the network.
