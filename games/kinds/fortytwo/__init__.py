"""fortytwo"""
