"""fourscore"""
